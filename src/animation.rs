//! An animated GIF of a game, one frame a step, from RGBA pictures the page drew.
//!
//! The GIF itself is written by the `gif` crate (LZW, blocks) and the palette made by
//! `color_quant` (NeuQuant), both from the image-rs project. This module checks the input,
//! which comes from JS and is untrusted, so that a wrong size or length is an error with a
//! reason rather than a panic; and it keeps the file small: one palette for the whole game,
//! and after the first frame only the rectangle that changed, with the pixels that did not
//! change transparent (a step changes a few cells and the caption).

use crate::game::Error;
use color_quant::NeuQuant;
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

/// The largest picture side accepted (GIF allows 65535; a board picture needs far less).
pub const MAX_SIDE: u32 = 2048;
/// The most frames in one animation (a step each, plus the start).
pub const MAX_FRAMES: usize = 1000;
/// The most bytes of frames taken: a quarter of the 4 GiB a wasm memory can reach, and under
/// the 2 GiB (`isize::MAX` on wasm32) beyond which a `Vec` cannot even be asked for. The
/// page's GIFs (at most 400 frames of about 300 × 400 pixels) need a fifth of this.
pub const MAX_BYTES: usize = 1 << 30;
/// NeuQuant's sampling (1 best .. 30 fastest); 10 is its authors' suggested balance.
const QUANT_SAMPLING: i32 = 10;
/// The palette index kept for "unchanged since the last frame".
const TRANSPARENT: u8 = 255;

/// Encodes `rgba` (frames of `width * height` RGBA pixels one after the other) as a GIF that
/// loops forever. Each frame shows for `delay_cs` hundredths of a second, the last one for
/// `last_delay_cs` (so the final position stays a while before the loop starts again).
/// Alpha is ignored: the pictures are opaque.
pub fn encode_gif(
    width: u32,
    height: u32,
    rgba: &[u8],
    delay_cs: u32,
    last_delay_cs: u32,
) -> Result<Vec<u8>, Error> {
    let delay = frame_delay(delay_cs)?;
    let last_delay = frame_delay(last_delay_cs)?;
    let count = check_frames(width, height, rgba.len())?;
    let frame_len = rgba.len() / count;
    let frames: Vec<&[u8]> = rgba.chunks_exact(frame_len).collect();
    let palette = Palette::new(&frames);
    // Both sides fit in u16: checked against MAX_SIDE above.
    let (w, h) = (width as u16, height as u16);
    let failed =
        |e: gif::EncodingError| Error::options(format!("the GIF could not be written: {e}"));
    let mut encoder = Encoder::new(Vec::new(), w, h, &palette.rgb).map_err(failed)?;
    encoder.set_repeat(Repeat::Infinite).map_err(failed)?;
    let mut indexes = HashMap::new();
    for (i, pixels) in frames.iter().enumerate() {
        let mut frame = match i {
            0 => whole_frame(pixels, w, h, &palette, &mut indexes),
            _ => changed_frame(frames[i - 1], pixels, w, h, &palette, &mut indexes),
        };
        frame.delay = if i + 1 == count { last_delay } else { delay };
        frame.dispose = DisposalMethod::Keep;
        encoder.write_frame(&frame).map_err(failed)?;
    }
    encoder.into_inner().map_err(failed)
}

/// The number of frames in `bytes` bytes of `width` × `height` RGBA frames, or why they
/// cannot make a GIF. Needs only the length, so that the caller can check it before it copies
/// the pixels (from JS into the wasm memory).
pub fn check_frames(width: u32, height: u32, bytes: usize) -> Result<usize, Error> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(Error::options(format!(
            "a GIF picture must be 1 to {MAX_SIDE} pixels on each side, not {width}×{height}"
        )));
    }
    let frame_len = width as usize * height as usize * 4;
    if bytes == 0 || bytes % frame_len != 0 {
        return Err(Error::options(format!(
            "the pixels ({bytes} bytes) are not whole {width}×{height} RGBA frames of {frame_len} bytes"
        )));
    }
    let count = bytes / frame_len;
    if count > MAX_FRAMES {
        return Err(Error::options(format!(
            "{count} frames is too many for one GIF (at most {MAX_FRAMES})"
        )));
    }
    if bytes > MAX_BYTES {
        return Err(Error::options(format!(
            "the frames are too large for one GIF ({bytes} bytes; at most {MAX_BYTES})"
        )));
    }
    Ok(count)
}

/// One palette for every frame: the colours themselves when there are few, else NeuQuant's
/// choice from the first and last frames (every piece of the game is on the last one).
struct Palette {
    /// 256 entries of RGB; the last one is never a colour (TRANSPARENT).
    rgb: Vec<u8>,
    mapping: Mapping,
}

enum Mapping {
    Exact(HashMap<[u8; 3], u8>),
    Quantized(NeuQuant),
}

impl Palette {
    fn new(frames: &[&[u8]]) -> Palette {
        let mut colors = HashSet::new();
        'frames: for frame in frames {
            for px in frame.chunks_exact(4) {
                colors.insert([px[0], px[1], px[2]]);
                if colors.len() > TRANSPARENT as usize {
                    break 'frames;
                }
            }
        }
        let mut rgb = Vec::with_capacity(256 * 3);
        if colors.len() <= TRANSPARENT as usize {
            let mut list: Vec<[u8; 3]> = colors.into_iter().collect();
            list.sort_unstable();
            let exact = list
                .iter()
                .enumerate()
                .map(|(i, c)| (*c, i as u8))
                .collect();
            for c in &list {
                rgb.extend_from_slice(c);
            }
            rgb.resize(256 * 3, 0);
            return Palette {
                rgb,
                mapping: Mapping::Exact(exact),
            };
        }
        let mut sample = frames[0].to_vec();
        if frames.len() > 1 {
            sample.extend_from_slice(frames[frames.len() - 1]);
        }
        let quant = NeuQuant::new(QUANT_SAMPLING, TRANSPARENT as usize, &sample);
        rgb.extend_from_slice(&quant.color_map_rgb());
        rgb.resize(256 * 3, 0);
        Palette {
            rgb,
            mapping: Mapping::Quantized(quant),
        }
    }

    /// The palette index of a pixel (`cache`: the colours already looked up).
    fn index(&self, px: &[u8], cache: &mut HashMap<[u8; 3], u8>) -> u8 {
        let key = [px[0], px[1], px[2]];
        match &self.mapping {
            // Every colour of every frame is in the map (Palette::new counted them all).
            Mapping::Exact(exact) => exact.get(&key).copied().unwrap_or(0),
            Mapping::Quantized(quant) => *cache
                .entry(key)
                .or_insert_with(|| quant.index_of(&[px[0], px[1], px[2], 255]) as u8),
        }
    }
}

fn whole_frame(
    pixels: &[u8],
    w: u16,
    h: u16,
    palette: &Palette,
    cache: &mut HashMap<[u8; 3], u8>,
) -> Frame<'static> {
    let buffer: Vec<u8> = pixels
        .chunks_exact(4)
        .map(|px| palette.index(px, cache))
        .collect();
    Frame {
        width: w,
        height: h,
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}

/// The rectangle where `pixels` differ from `before`, unchanged pixels in it transparent
/// (a single transparent pixel when nothing changed: the frame still marks the step).
fn changed_frame(
    before: &[u8],
    pixels: &[u8],
    w: u16,
    h: u16,
    palette: &Palette,
    cache: &mut HashMap<[u8; 3], u8>,
) -> Frame<'static> {
    let (w, h) = (w as usize, h as usize);
    let same = |i: usize| before[i * 4..i * 4 + 3] == pixels[i * 4..i * 4 + 3];
    let (mut left, mut top, mut right, mut bottom) = (w, h, 0, 0);
    for y in 0..h {
        for x in 0..w {
            if !same(y * w + x) {
                left = left.min(x);
                right = right.max(x);
                top = top.min(y);
                bottom = bottom.max(y);
            }
        }
    }
    if left > right {
        return Frame {
            width: 1,
            height: 1,
            transparent: Some(TRANSPARENT),
            buffer: Cow::Owned(vec![TRANSPARENT]),
            ..Frame::default()
        };
    }
    let mut buffer = Vec::with_capacity((right - left + 1) * (bottom - top + 1));
    for y in top..=bottom {
        for x in left..=right {
            let i = y * w + x;
            buffer.push(if same(i) {
                TRANSPARENT
            } else {
                palette.index(&pixels[i * 4..i * 4 + 4], cache)
            });
        }
    }
    // The rectangle lies inside the picture, whose sides fit in u16.
    Frame {
        left: left as u16,
        top: top as u16,
        width: (right - left + 1) as u16,
        height: (bottom - top + 1) as u16,
        transparent: Some(TRANSPARENT),
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}

/// A frame's delay in hundredths of a second: 2 to 6000 (browsers show shorter delays than
/// 2 as 10, and a minute a step is surely a mistake).
fn frame_delay(cs: u32) -> Result<u16, Error> {
    match u16::try_from(cs) {
        Ok(d @ 2..=6000) => Ok(d),
        _ => Err(Error::options(format!(
            "a frame shows for 2 to 6000 hundredths of a second, not {cs}"
        ))),
    }
}
