//! The animated GIF of a game (src/animation.rs): frames, size, delays and colours survive a
//! round trip through the `gif` crate's decoder (frames after the first hold only what
//! changed), and bad input is an error with a reason.

use ludus::animation::{encode_gif, MAX_FRAMES};

/// `count` frames of `w`×`h`: frame i is a solid colour with a differently coloured pixel at (i, 0).
fn frames(w: usize, h: usize, count: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..count {
        for y in 0..h {
            for x in 0..w {
                let px = if x == i && y == 0 {
                    [250, 250, 250, 255]
                } else {
                    [20 * i as u8, 100, 200, 255]
                };
                out.extend_from_slice(&px);
            }
        }
    }
    out
}

/// A decoded frame: its rectangle and delay, and the whole picture as shown after it.
struct Shown {
    rect: (u16, u16, u16, u16),
    delay: u16,
    picture: Vec<u8>,
}

/// Decodes a GIF into (width, height, frames), painting each frame over the last as a
/// viewer does (its transparent pixels leave the picture below as it was).
fn decode(bytes: &[u8]) -> (u16, u16, Vec<Shown>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF header");
    let (w, h) = (decoder.width(), decoder.height());
    let mut picture = vec![0u8; w as usize * h as usize * 4];
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let from = (y * frame.width as usize + x) * 4;
                let px = &frame.buffer[from..from + 4];
                if px[3] == 0 {
                    continue;
                }
                let to = ((y + frame.top as usize) * w as usize + x + frame.left as usize) * 4;
                picture[to..to + 4].copy_from_slice(px);
            }
        }
        out.push(Shown {
            rect: (frame.left, frame.top, frame.width, frame.height),
            delay: frame.delay,
            picture: picture.clone(),
        });
    }
    (w, h, out)
}

#[test]
fn frames_size_delays_and_colours_round_trip() {
    let (w, h, n) = (6, 4, 3);
    let bytes = encode_gif(w as u32, h as u32, &frames(w, h, n), 50, 200).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    let (dw, dh, decoded) = decode(&bytes);
    assert_eq!((dw as usize, dh as usize), (w, h));
    assert_eq!(decoded.len(), n);
    let delays: Vec<u16> = decoded.iter().map(|f| f.delay).collect();
    assert_eq!(delays, vec![50, 50, 200]);
    for (i, shown) in decoded.iter().enumerate() {
        let rgba = &shown.picture;
        // Few colours: the palette holds them exactly.
        assert_eq!(
            &rgba[i * 4..i * 4 + 4],
            &[250, 250, 250, 255],
            "frame {i}'s marked pixel"
        );
        let last = rgba.len() - 4;
        assert_eq!(
            &rgba[last..],
            &[20 * i as u8, 100, 200, 255],
            "frame {i}'s background"
        );
    }
}

#[test]
fn later_frames_hold_only_what_changed() {
    // A 5×3 picture; step 1 changes one pixel, step 2 nothing, step 3 two far apart.
    let base: Vec<u8> = (0..15).flat_map(|_| [10, 20, 30, 255]).collect();
    let mut one = base.clone();
    one[(5 + 2) * 4..(5 + 2) * 4 + 3].copy_from_slice(&[200, 0, 0]);
    let mut three = one.clone();
    three[..3].copy_from_slice(&[0, 200, 0]);
    three[14 * 4..14 * 4 + 3].copy_from_slice(&[0, 0, 200]);
    let all: Vec<u8> = [base.as_slice(), &one, &one, &three].concat();
    let (_, _, decoded) = decode(&encode_gif(5, 3, &all, 10, 10).unwrap());
    let rects: Vec<_> = decoded.iter().map(|f| f.rect).collect();
    assert_eq!(
        rects,
        vec![(0, 0, 5, 3), (2, 1, 1, 1), (0, 0, 1, 1), (0, 0, 5, 3)]
    );
    for (shown, want) in decoded.iter().zip([&base, &one, &one, &three]) {
        assert_eq!(&shown.picture, want, "the picture shown is the frame drawn");
    }
}

#[test]
fn many_colours_are_brought_down_to_one_palette() {
    // 128×128 pixels in 4×4 blocks of 1024 colours: quantized, each pixel near what was
    // drawn (256 colours for 1024 leave steps of about 16 in a channel).
    let side = 128usize;
    let frame: Vec<u8> = (0..side * side)
        .flat_map(|i| {
            let (x, y) = (i % side / 4, i / side / 4);
            [(x * 8) as u8, (y * 8) as u8, 128, 255]
        })
        .collect();
    let mut second = frame.clone();
    second[..4].copy_from_slice(&[255, 255, 255, 255]);
    let all = [frame.clone(), second.clone()].concat();
    let (_, _, decoded) = decode(&encode_gif(side as u32, side as u32, &all, 10, 10).unwrap());
    assert_eq!(decoded.len(), 2);
    assert_eq!(decoded[1].rect, (0, 0, 1, 1));
    let diffs: Vec<u32> = decoded[0]
        .picture
        .iter()
        .zip(frame.iter())
        .map(|(a, b)| u32::from(a.abs_diff(*b)))
        .collect();
    let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
    let worst = diffs.iter().max().unwrap();
    assert!(
        mean <= 8.0 && *worst <= 48,
        "off by {mean:.1} on average, {worst} at worst"
    );
    // The second frame changes one pixel; everything else stays exactly as it was shown.
    assert_eq!(decoded[1].picture[4..], decoded[0].picture[4..]);
}

#[test]
fn one_frame_is_a_still_picture() {
    let bytes = encode_gif(2, 2, &frames(2, 2, 1), 10, 10).unwrap();
    let (_, _, decoded) = decode(&bytes);
    assert_eq!(decoded.len(), 1);
}

#[test]
fn bad_input_is_an_error_with_a_reason() {
    let err = |r: Result<Vec<u8>, ludus::Error>| r.unwrap_err().to_string();
    assert!(err(encode_gif(0, 4, &[], 10, 10)).contains("1 to 2048 pixels"));
    assert!(err(encode_gif(3000, 4, &[0; 16], 10, 10)).contains("3000×4"));
    assert!(err(encode_gif(2, 2, &[0; 15], 10, 10)).contains("not whole 2×2 RGBA frames"));
    assert!(err(encode_gif(2, 2, &[], 10, 10)).contains("not whole"));
    assert!(err(encode_gif(2, 2, &[0; 16], 1, 10)).contains("not 1"));
    assert!(err(encode_gif(2, 2, &[0; 16], 10, 70_000)).contains("not 70000"));
    let many = vec![0u8; 4 * (MAX_FRAMES + 1)];
    assert!(err(encode_gif(1, 1, &many, 10, 10)).contains("too many"));
}
