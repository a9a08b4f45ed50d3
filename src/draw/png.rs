//! PNG encoding of a finished picture.

use image::{ImageEncoder, RgbImage};

/// PNG encoding: fast compression (fdeflate) with the adaptive filter, chosen on purpose.
///
/// The pictures are flat colours with anti-aliased edges. The adaptive filter picks, per row,
/// the filter that leaves the most zeros, and fdeflate's fast mode packs runs of zeros very
/// well. On the largest picture the bot drew when this was chosen, a full 5-player end-game
/// board (1902×1304, measured by a render test, `png_settings`, release build):
///
/// | settings           | bytes   | time    |
/// |--------------------|---------|---------|
/// | fast + adaptive    | 646 kB  | 5.7 ms  |
/// | fast + sub         | 944 kB  | 4.1 ms  |
/// | fast + no filter   | 7.4 MB  | 21 ms   |
/// | default + adaptive | 452 kB  | 65 ms   |
/// | best + adaptive    | 453 kB  | 256 ms  |
///
/// Sub saves 1.6 ms for a file half as large again; zlib levels save a third of the bytes for
/// ten times the time, and the bot encodes after every turn (its budget for a turn with the
/// board is 50 ms). Every board stays far below the 2 MB bar either way.
pub fn encode_png(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(img.as_raw().len() / 8);
    image::codecs::png::PngEncoder::new_with_quality(
        &mut out,
        image::codecs::png::CompressionType::Fast,
        image::codecs::png::FilterType::Adaptive,
    )
    .write_image(img.as_raw(), img.width(), img.height(), image::ExtendedColorType::Rgb8)
    .expect("encoding a PNG in memory cannot fail");
    out
}
