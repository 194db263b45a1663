//! Text contrast by the WCAG 2 formula: the ratio of two colours' relative luminances, and a
//! colour moved towards black or white until it reads on its background. The code colours come
//! from stock syntect themes made for other backgrounds; the site's stylesheet is checked by a
//! test against the same ratio.

/// The least contrast for normal text (WCAG 1.4.3, level AA).
pub const NORMAL_TEXT: f64 = 4.5;

/// A colour as `#rrggbb` (or `#rgb`), in 0..=255 per channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub fn parse(hex: &str) -> Option<Rgb> {
        let h = hex.strip_prefix('#')?;
        let wide: String = match h.len() {
            3 => h.chars().flat_map(|c| [c, c]).collect(),
            6 => h.to_string(),
            _ => return None,
        };
        let channel = |i: usize| u8::from_str_radix(wide.get(i..i + 2)?, 16).ok();
        Some(Rgb(channel(0)?, channel(2)?, channel(4)?))
    }

    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative luminance, 0 for black to 1 for white.
    pub fn luminance(self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }

    fn mix(self, to: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(m(self.0, to.0), m(self.1, to.1), m(self.2, to.2))
    }
}

/// The contrast ratio of two colours, from 1 (the same) to 21 (black on white).
pub fn ratio(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

/// `text`, or the nearest colour on the way to black (on a light background) or white (on a
/// dark one) that reaches `least` against every background given.
pub fn readable(text: Rgb, backgrounds: &[Rgb], least: f64) -> Rgb {
    let worst = |c: Rgb| {
        backgrounds
            .iter()
            .map(|&b| ratio(c, b))
            .fold(f64::INFINITY, f64::min)
    };
    let dark_ground = backgrounds.iter().map(|b| b.luminance()).sum::<f64>()
        / (backgrounds.len().max(1) as f64)
        < 0.18;
    let end = if dark_ground {
        Rgb(255, 255, 255)
    } else {
        Rgb(0, 0, 0)
    };
    (0..=50)
        .map(|step| text.mix(end, f64::from(step) / 50.0))
        .find(|&c| worst(c) >= least)
        .unwrap_or(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_formula_gives_the_known_ratios() {
        let white = Rgb(255, 255, 255);
        assert!((ratio(Rgb(0, 0, 0), white) - 21.0).abs() < 1e-9);
        assert!((ratio(white, white) - 1.0).abs() < 1e-9);
        // #777 on white is the usual example of "just under 4.5".
        let grey = ratio(Rgb::parse("#777").unwrap(), white);
        assert!((4.47..4.49).contains(&grey), "{grey}");
    }

    #[test]
    fn a_faint_colour_is_darkened_on_light_and_lightened_on_dark() {
        let light = [
            Rgb::parse("#f4f0e6").unwrap(),
            Rgb::parse("#fdfcf8").unwrap(),
        ];
        let grey = Rgb::parse("#969896").unwrap();
        let fixed = readable(grey, &light, NORMAL_TEXT);
        assert!(light.iter().all(|&b| ratio(fixed, b) >= NORMAL_TEXT));
        assert!(fixed.luminance() < grey.luminance());
        let dark = [Rgb::parse("#24221e").unwrap()];
        let fixed = readable(Rgb::parse("#65737e").unwrap(), &dark, NORMAL_TEXT);
        assert!(ratio(fixed, dark[0]) >= NORMAL_TEXT);
        // A colour that already reads is left alone.
        let black = Rgb(0x32, 0x32, 0x32);
        assert_eq!(readable(black, &light, NORMAL_TEXT), black);
    }
}
