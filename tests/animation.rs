//! The animated GIF of a game (src/animation.rs): frames, size, delays and colours survive a
//! round trip through the `gif` crate's decoder, and bad input is an error with a reason.

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

/// Decodes a GIF into (width, height, [(delay, rgba)]).
fn decode(bytes: &[u8]) -> (u16, u16, Vec<(u16, Vec<u8>)>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF header");
    let (w, h) = (decoder.width(), decoder.height());
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        out.push((frame.delay, frame.buffer.to_vec()));
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
    let delays: Vec<u16> = decoded.iter().map(|(d, _)| *d).collect();
    assert_eq!(delays, vec![50, 50, 200]);
    for (i, (_, rgba)) in decoded.iter().enumerate() {
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
