//! Base64url (RFC 4648 §5, unpadded), as the Interactive Sudoku Solver writes its keys and
//! patterns (`Base64Codec`).

/// The alphabet: six bits a character.
pub(crate) const ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The bytes as unpadded base64url (`Base64Codec.encodeString`).
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let v = chunk
            .iter()
            .enumerate()
            .fold(0u32, |v, (i, &b)| v | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(v >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of unpadded base64url text, as the solver's `Base64Codec.decodeToString` reads
/// it: a last partial character's spare bits dropped.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim_end_matches('=');
    if text.len() % 4 == 1 {
        return Err(format!("`{text}` is not base64url (its length)"));
    }
    let mut bytes = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let six = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or_else(|| format!("`{}` is not base64url", c as char))?;
        acc = (acc << 6) | six as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_bad_text_is_refused() {
        for text in ["", "a", "ab", "abc", ".*(12|24).*"] {
            assert_eq!(decode(&encode(text.as_bytes())).unwrap(), text.as_bytes());
        }
        assert_eq!(encode(b".*(12|24).*"), "LiooMTJ8MjQpLio");
        assert!(decode("a*").is_err());
        assert!(decode("A").unwrap_err().contains("length"));
    }
}
