//! The text of a link: `%XX` escapes decoded, and `+` as a space where a query's form
//! encoding says so; and a query value encoded.

/// `text` with its `%XX` escapes decoded; with `plus_is_space` (a query value, as a browser's
/// `URLSearchParams` reads it) a `+` is a space, else it stays (base64 ids use it).
pub(crate) fn percent_decoded(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let hex = |b: u8| (b as char).to_digit(16);
    let mut i = 0;
    while i < bytes.len() {
        match (
            bytes[i],
            bytes.get(i + 1).copied(),
            bytes.get(i + 2).copied(),
        ) {
            (b'%', Some(h), Some(l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b'+', _, _) if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `text` as a query value: every byte but letters, digits and `-._~` as `%XX`, so that a
/// browser's `URLSearchParams` reads it back whole.
pub(super) fn percent_encoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_and_plus_is_a_space_only_in_a_query() {
        assert_eq!(percent_decoded("a%2Bb%7Ec+d%zz%4", false), "a+b~c+d%zz%4");
        assert_eq!(percent_decoded("a+b%20c", true), "a b c");
        let text = ".Sum~5_=_1_-2~R1C1~R1C2.~R1C1_5 é+&#";
        assert_eq!(percent_decoded(&percent_encoded(text), true), text);
        assert_eq!(percent_encoded(".Thermo~R1C1_5"), ".Thermo~R1C1_5");
    }
}
