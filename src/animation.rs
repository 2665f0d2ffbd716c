//! An animated GIF of a game, one frame a step, from RGBA pictures the page drew.
//!
//! The encoding is the `gif` crate's (LZW and the NeuQuant palette of each frame); this
//! module only checks the input, which comes from JS and is untrusted, so that a wrong size
//! or length is an error with a reason rather than a panic inside the encoder.

use crate::game::Error;
use gif::{Encoder, Frame, Repeat};

/// The largest picture side accepted (GIF allows 65535; a board picture needs far less).
pub const MAX_SIDE: u32 = 2048;
/// The most frames in one animation (a step each, plus the start).
pub const MAX_FRAMES: usize = 1000;
/// NeuQuant's speed (1 best .. 30 fastest); 10 is the crate's suggested balance.
const QUANT_SPEED: i32 = 10;

/// Encodes `rgba` (frames of `width * height` RGBA pixels one after the other) as a GIF that
/// loops forever. Each frame shows for `delay_cs` hundredths of a second, the last one for
/// `last_delay_cs` (so the final position stays a while before the loop starts again).
pub fn encode_gif(
    width: u32,
    height: u32,
    rgba: &[u8],
    delay_cs: u32,
    last_delay_cs: u32,
) -> Result<Vec<u8>, Error> {
    let delay = frame_delay(delay_cs)?;
    let last_delay = frame_delay(last_delay_cs)?;
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(Error::new(format!(
            "a GIF picture must be 1 to {MAX_SIDE} pixels on each side, not {width}×{height}"
        )));
    }
    let frame_len = width as usize * height as usize * 4;
    if rgba.is_empty() || rgba.len() % frame_len != 0 {
        return Err(Error::new(format!(
            "the pixels ({} bytes) are not whole {width}×{height} RGBA frames of {frame_len} bytes",
            rgba.len()
        )));
    }
    let count = rgba.len() / frame_len;
    if count > MAX_FRAMES {
        return Err(Error::new(format!(
            "{count} frames is too many for one GIF (at most {MAX_FRAMES})"
        )));
    }
    // Both sides fit in u16: checked against MAX_SIDE above.
    let (w, h) = (width as u16, height as u16);
    let failed = |e: gif::EncodingError| Error::new(format!("the GIF could not be written: {e}"));
    let mut encoder = Encoder::new(Vec::new(), w, h, &[]).map_err(failed)?;
    encoder.set_repeat(Repeat::Infinite).map_err(failed)?;
    // The quantizer rewrites alpha in place, so each frame is copied out of the input.
    let mut pixels = vec![0u8; frame_len];
    for (i, chunk) in rgba.chunks_exact(frame_len).enumerate() {
        pixels.copy_from_slice(chunk);
        let mut frame = Frame::from_rgba_speed(w, h, &mut pixels, QUANT_SPEED);
        frame.delay = if i + 1 == count { last_delay } else { delay };
        encoder.write_frame(&frame).map_err(failed)?;
    }
    encoder.into_inner().map_err(failed)
}

/// A frame's delay in hundredths of a second: 2 to 6000 (browsers show shorter delays than
/// 2 as 10, and a minute a step is surely a mistake).
fn frame_delay(cs: u32) -> Result<u16, Error> {
    match u16::try_from(cs) {
        Ok(d @ 2..=6000) => Ok(d),
        _ => Err(Error::new(format!(
            "a frame shows for 2 to 6000 hundredths of a second, not {cs}"
        ))),
    }
}
