//! Colours as people with the common colour-vision deficiencies see them: the three
//! dichromacies simulated (Machado, Oliveira and Fernandes 2009, severity 1.0, in linear RGB),
//! and the CIE76 distance between two colours so seen. Every game's player palette is tested
//! with it: two players' pieces must differ at a glance for every reader.

use super::Rgb8;

/// How a reader sees colours: normal vision and the three dichromacies, each a matrix over
/// linear RGB.
pub const VISIONS: [(&str, [[f32; 3]; 3]); 4] = [
    ("normal", [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
    ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
    ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
    ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
];

/// CIE L*a*b* (D65) of `c` as seen through `m` (one of [`VISIONS`]).
pub fn lab_seen(c: Rgb8, m: &[[f32; 3]; 3]) -> [f32; 3] {
    let lin = |v: u8| {
        let v = v as f32 / 255.0;
        if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    let l = c.map(lin);
    let s: [f32; 3] = std::array::from_fn(|i| (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0));
    let x = 0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2];
    let y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
    let z = 0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2];
    let f = |t: f32| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIE76 colour difference (ΔE) between `a` and `b` as seen through `m`: about 2.3 is just
/// noticeable; 40 is about saturated red against orange for normal vision.
pub fn delta_e_seen(a: Rgb8, b: Rgb8, m: &[[f32; 3]; 3]) -> f32 {
    let (a, b) = (lab_seen(a, m), lab_seen(b, m));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The smallest ΔE between two of `colours`, over every reader of [`VISIONS`], with the reader
/// and the two indices.
pub fn closest_pair(colours: &[Rgb8]) -> (f32, &'static str, usize, usize) {
    let mut closest = (f32::MAX, "", 0, 0);
    for (name, m) in &VISIONS {
        for a in 0..colours.len() {
            for b in a + 1..colours.len() {
                let d = delta_e_seen(colours[a], colours[b], m);
                if d < closest.0 {
                    closest = (d, name, a, b);
                }
            }
        }
    }
    closest
}
