//! lz-string's base64 form (pieroxy's lz-string, which f-puzzles and SudokuPad links use):
//! compressed as `compressToBase64` does, and decompressed within a bound on the output, so
//! that a small link that would unpack to gigabytes is refused before memory runs out.
//!
//! The format is LZW over UTF-16 units with codes of growing width, read low bit first from
//! 6-bit base64 digits. Every dictionary entry but the literals is a stretch of the output
//! already written, so it is kept as its place there, not as a copy.

/// The base64 digits, in lz-string's order (`=` is a digit like the others).
const DIGITS: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// Why a text did not decompress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LzError {
    /// Not lz-string base64: a character outside its digits, a code that names no entry, or
    /// the text ends before its end mark (cut short).
    Invalid,
    /// It would decompress to more than the bound.
    TooLarge,
}

/// A dictionary entry: a literal unit, or `len` units of the output from `start`.
#[derive(Debug, Clone, Copy)]
enum Entry {
    Unit(u16),
    Span { start: usize, len: usize },
}

/// Reads the digits' bits, low bit first, as lz-string does.
struct Bits<'a> {
    digits: &'a [u8],
    value: u32,
    /// The bit of `value` read next (32 down to 1, as lz-string's `position`).
    position: u32,
    /// The digit after `value`.
    index: usize,
}

impl Bits<'_> {
    fn digit(&self, i: usize) -> u32 {
        self.digits.get(i).map_or(0, |&d| u32::from(d))
    }

    /// The next `count` bits as a number (the first bit read is the lowest).
    fn read(&mut self, count: u32) -> u64 {
        let mut bits = 0u64;
        for k in 0..count {
            if self.value & self.position != 0 {
                bits |= 1 << k;
            }
            self.position >>= 1;
            if self.position == 0 {
                self.position = 32;
                self.value = self.digit(self.index);
                self.index += 1;
            }
        }
        bits
    }
}

/// Decompresses lz-string base64 text into UTF-16 units, at most `max_units` of them.
pub(super) fn decompress_from_base64(text: &str, max_units: usize) -> Result<Vec<u16>, LzError> {
    let digits: Vec<u8> = text
        .bytes()
        .map(|b| DIGITS.iter().position(|&d| d == b).map(|i| i as u8))
        .collect::<Option<_>>()
        .ok_or(LzError::Invalid)?;
    if digits.is_empty() {
        return Err(LzError::Invalid);
    }
    let length = digits.len();
    let mut bits = Bits {
        value: u32::from(digits[0]),
        digits: &digits,
        position: 32,
        index: 1,
    };
    let mut out: Vec<u16> = Vec::new();
    // Codes 0, 1 and 2 say what follows (an 8-bit unit, a 16-bit unit, the end).
    let mut dict: Vec<Entry> = vec![Entry::Unit(0); 3];
    let (mut enlarge_in, mut width) = (4u64, 3u32);
    let first = match bits.read(2) {
        0 => bits.read(8) as u16,
        1 => bits.read(16) as u16,
        2 => return Ok(Vec::new()),
        _ => return Err(LzError::Invalid),
    };
    dict.push(Entry::Unit(first));
    out.push(first);
    // The last entry written, as a span of the output.
    let mut w = (0usize, 1usize);
    loop {
        if bits.index > length {
            return Err(LzError::Invalid);
        }
        if width > 48 {
            return Err(LzError::Invalid);
        }
        let mut code = bits.read(width) as usize;
        match code {
            0 | 1 => {
                let unit = bits.read(if code == 0 { 8 } else { 16 }) as u16;
                dict.push(Entry::Unit(unit));
                code = dict.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
        let start = out.len();
        let len = match dict.get(code) {
            Some(&Entry::Unit(u)) => {
                out.push(u);
                1
            }
            Some(&Entry::Span { start: s, len }) => {
                if start + len > max_units {
                    return Err(LzError::TooLarge);
                }
                out.extend_from_within(s..s + len);
                len
            }
            // The entry being made: the last one and its own first unit.
            None if code == dict.len() => {
                if start + w.1 + 1 > max_units {
                    return Err(LzError::TooLarge);
                }
                out.extend_from_within(w.0..w.0 + w.1);
                out.push(out[w.0]);
                w.1 + 1
            }
            None => return Err(LzError::Invalid),
        };
        if out.len() > max_units {
            return Err(LzError::TooLarge);
        }
        // The last entry and the first unit of this one, which follows it in the output.
        dict.push(Entry::Span {
            start: w.0,
            len: w.1 + 1,
        });
        enlarge_in -= 1;
        w = (start, len);
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
}

/// Writes bits low bit first into 6-bit base64 digits, as lz-string's compressor does.
#[derive(Default)]
struct BitWriter {
    out: String,
    value: usize,
    position: u32,
}

impl BitWriter {
    /// Writes the low `count` bits of `bits`, lowest first.
    fn write(&mut self, count: u32, mut bits: usize) {
        for _ in 0..count {
            self.value = (self.value << 1) | (bits & 1);
            bits >>= 1;
            if self.position == 5 {
                self.position = 0;
                self.out.push(DIGITS[self.value] as char);
                self.value = 0;
            } else {
                self.position += 1;
            }
        }
    }
}

/// lz-string's compressor: the dictionary of stretches seen, the literals not written yet,
/// and the width of the codes, which grows as the dictionary does.
struct Compressor {
    dictionary: std::collections::HashMap<Vec<u16>, usize>,
    unwritten: std::collections::HashSet<u16>,
    /// Codes left before the width grows.
    enlarge_in: usize,
    width: u32,
    bits: BitWriter,
}

impl Compressor {
    /// Counts a code written: the width grows once `2^width` codes fit no more.
    fn counted(&mut self) {
        self.enlarge_in -= 1;
        if self.enlarge_in == 0 {
            self.enlarge_in = 1 << self.width;
            self.width += 1;
        }
    }

    /// Writes the code of `w`: a literal's unit the first time it is written (a code of its
    /// own, counted too), else its entry.
    fn emit(&mut self, w: &[u16]) {
        if w.len() == 1 && self.unwritten.remove(&w[0]) {
            let (kind, bits) = if w[0] < 256 { (0, 8) } else { (1, 16) };
            self.bits.write(self.width, kind);
            self.bits.write(bits, usize::from(w[0]));
            self.counted();
        } else {
            self.bits.write(self.width, self.dictionary[w]);
        }
        self.counted();
    }
}

/// Compresses UTF-16 units as lz-string's `compressToBase64`, padded with `=` to a
/// multiple of four digits.
pub(super) fn compress_to_base64(units: &[u16]) -> String {
    let mut z = Compressor {
        dictionary: Default::default(),
        unwritten: Default::default(),
        enlarge_in: 2,
        width: 2,
        bits: BitWriter::default(),
    };
    // Codes 0, 1 and 2 are a literal's kinds and the end mark.
    let mut size = 3;
    let mut w: Vec<u16> = Vec::new();
    for &c in units {
        if !z.dictionary.contains_key(&[c][..]) {
            z.dictionary.insert(vec![c], size);
            size += 1;
            z.unwritten.insert(c);
        }
        let mut wc = w.clone();
        wc.push(c);
        if z.dictionary.contains_key(&wc) {
            w = wc;
        } else {
            z.emit(&w);
            z.dictionary.insert(wc, size);
            size += 1;
            w = vec![c];
        }
    }
    if !w.is_empty() {
        z.emit(&w);
    }
    let mut bits = z.bits;
    bits.write(z.width, 2);
    // Flush the last digit.
    loop {
        bits.value <<= 1;
        if bits.position == 5 {
            bits.out.push(DIGITS[bits.value] as char);
            break;
        }
        bits.position += 1;
    }
    let mut out = bits.out;
    while !out.len().is_multiple_of(4) {
        out.push('=');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;

    /// Against the lz-str crate (a port of the reference implementation): every text it
    /// compresses comes back whole, and random digits decompress alike or are refused where
    /// it refuses them.
    #[test]
    fn agrees_with_the_reference_implementation() {
        let mut rng = Rng::new(3);
        for round in 0..2000 {
            let len = rng.below(400);
            let alphabet = 1 + rng.below(if round % 3 == 0 { 3 } else { 90 });
            let text: String = (0..len)
                .map(|_| char::from_u32(32 + rng.below(alphabet) as u32).unwrap_or('x'))
                .chain((round % 7 == 0).then_some('é'))
                .collect();
            let packed = lz_str::compress_to_base64(&text);
            let units: Vec<u16> = text.encode_utf16().collect();
            // lz-str pads one `=` more than lz-string's JavaScript where the digits end 2
            // past a multiple of four; ours pads as the JavaScript does.
            let ours = compress_to_base64(&units);
            assert_eq!(ours.len() % 4, 0);
            assert_eq!(ours.trim_end_matches('='), packed.trim_end_matches('='));
            let ours = decompress_from_base64(&packed, 1 << 20)
                .unwrap_or_else(|e| panic!("{e:?} on {packed:?} from {text:?}"));
            assert_eq!(String::from_utf16(&ours).unwrap(), text, "{packed}");
            // Garbage: the reference's answer where it gives one.
            let garbage: String = (0..1 + rng.below(60))
                .map(|_| DIGITS[rng.below(64)] as char)
                .collect();
            if let Some(theirs) = lz_str::decompress_from_base64(&garbage).filter(|w| !w.is_empty())
            {
                assert_eq!(
                    decompress_from_base64(&garbage, 1 << 20),
                    Ok(theirs),
                    "{garbage}"
                );
            }
        }
    }

    #[test]
    fn a_bomb_is_refused_at_the_bound_and_bad_text_is_invalid() {
        let bomb = lz_str::compress_to_base64(&"a".repeat(200_000));
        assert!(bomb.len() < 2_000, "{}", bomb.len());
        assert_eq!(
            decompress_from_base64(&bomb, 100_000),
            Err(LzError::TooLarge)
        );
        assert_eq!(
            decompress_from_base64(&bomb, 200_000).map(|w| w.len()),
            Ok(200_000)
        );
        assert_eq!(decompress_from_base64("", 10), Err(LzError::Invalid));
        assert_eq!(decompress_from_base64("N4Ig!", 10), Err(LzError::Invalid));
        let cut = &bomb[..bomb.len() / 2];
        assert!(decompress_from_base64(cut, 1 << 20).is_err());
    }
}
