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

/// Compresses UTF-16 units as lz-string's `compressToBase64`, padded with `=` to a
/// multiple of four digits.
pub(super) fn compress_to_base64(units: &[u16]) -> String {
    use std::collections::{HashMap, HashSet};
    let mut dictionary: HashMap<Vec<u16>, usize> = HashMap::new();
    let mut to_create: HashSet<u16> = HashSet::new();
    let (mut enlarge_in, mut size, mut width) = (2usize, 3usize, 2u32);
    let mut bits = BitWriter::default();
    let mut w: Vec<u16> = Vec::new();
    // Writes the code of `w`: a new literal's unit the first time, else its entry.
    let emit = |w: &[u16],
                bits: &mut BitWriter,
                to_create: &mut HashSet<u16>,
                dictionary: &HashMap<Vec<u16>, usize>,
                enlarge_in: &mut usize,
                width: &mut u32| {
        if w.len() == 1 && to_create.remove(&w[0]) {
            if w[0] < 256 {
                bits.write(*width, 0);
                bits.write(8, usize::from(w[0]));
            } else {
                bits.write(*width, 1);
                bits.write(16, usize::from(w[0]));
            }
            *enlarge_in -= 1;
            if *enlarge_in == 0 {
                *enlarge_in = 1 << *width;
                *width += 1;
            }
        } else {
            bits.write(*width, dictionary[w]);
        }
        *enlarge_in -= 1;
        if *enlarge_in == 0 {
            *enlarge_in = 1 << *width;
            *width += 1;
        }
    };
    for &c in units {
        if !dictionary.contains_key(&[c][..]) {
            dictionary.insert(vec![c], size);
            size += 1;
            to_create.insert(c);
        }
        let mut wc = w.clone();
        wc.push(c);
        if dictionary.contains_key(&wc) {
            w = wc;
        } else {
            emit(
                &w,
                &mut bits,
                &mut to_create,
                &dictionary,
                &mut enlarge_in,
                &mut width,
            );
            dictionary.insert(wc, size);
            size += 1;
            w = vec![c];
        }
    }
    if !w.is_empty() {
        emit(
            &w,
            &mut bits,
            &mut to_create,
            &dictionary,
            &mut enlarge_in,
            &mut width,
        );
    }
    bits.write(width, 2);
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
    while out.len() % 4 != 0 {
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
