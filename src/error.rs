//! Input errors: what was wrong, in which file and on which line.

use std::fmt;

/// A problem with something the user gave (a puzzle file, a rule file, an option).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file name as given (`-` or `<stdin>` for standard input), or the option's name.
    pub source: String,
    /// 1-based line number, when the problem is on one line.
    pub line: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl InputError {
    /// An error on `line` (1-based) of `source`.
    pub fn at(source: &str, line: usize, message: impl Into<String>) -> Self {
        InputError {
            source: source.to_string(),
            line: Some(line),
            message: message.into(),
        }
    }

    /// An error about `source` as a whole.
    pub fn whole(source: &str, message: impl Into<String>) -> Self {
        InputError {
            source: source.to_string(),
            line: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let clipped = clip_quotes(&self.message);
        let message = visible(&clipped);
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.source, line, message),
            None => write!(f, "{}: {}", self.source, message),
        }
    }
}

/// The longest quotation (text between backticks) a message shows whole: a longer one keeps
/// its start and end around the count of characters left out, so a megabyte line quoted in
/// an error is not printed back.
const MAX_QUOTE: usize = 120;

/// `message` with every quotation longer than [`MAX_QUOTE`] characters shortened.
fn clip_quotes(message: &str) -> std::borrow::Cow<'_, str> {
    if message.len() <= MAX_QUOTE {
        return message.into();
    }
    let parts: Vec<&str> = message.split('`').collect();
    let long =
        |(i, p): (usize, &&str)| i % 2 == 1 && i + 1 < parts.len() && p.chars().count() > MAX_QUOTE;
    if !parts.iter().enumerate().any(long) {
        return message.into();
    }
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('`');
        }
        if long((i, part)) {
            let chars: Vec<char> = part.chars().collect();
            let keep = MAX_QUOTE / 2;
            out.extend(&chars[..keep]);
            out.push_str(&format!("…({} characters)…", chars.len() - 2 * keep));
            out.extend(&chars[chars.len() - keep..]);
        } else {
            out.push_str(part);
        }
    }
    out.into()
}

/// Whether `c` shows nothing, or moves the text around it, where a terminal prints it: control
/// characters but the line end, zero-width and bidirectional marks, soft hyphens, byte-order
/// marks. Text pasted from web pages carries them.
pub(crate) fn is_invisible(c: char) -> bool {
    let marks = matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}');
    let joiners = matches!(c, '\u{2060}'..='\u{2064}' | '\u{feff}');
    (c.is_control() && c != '\n') || marks || joiners
}

/// `text` with every invisible character written as its escape (`\u{200b}`), so that an error
/// quoting the user's text shows what is there.
fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_invisible) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_invisible(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out.into()
}

impl std::error::Error for InputError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_quotation_is_shortened_around_its_length() {
        let line = format!("0,0 {}", "x".repeat(1_000_000));
        let e = InputError::at("big.rmit", 3, format!("`{line}` is not `row,col symbol`"));
        let shown = e.to_string();
        assert!(shown.len() < 400, "{}", shown.len());
        assert!(shown.starts_with("big.rmit:3: `0,0 xxx"), "{shown}");
        assert!(shown.contains("…(999884 characters)…"), "{shown}");
        assert!(shown.ends_with("xxx` is not `row,col symbol`"), "{shown}");
        let short = InputError::at("f", 1, "`r1c1` is not a cell");
        assert_eq!(short.to_string(), "f:1: `r1c1` is not a cell");
    }

    #[test]
    fn invisible_characters_in_a_message_are_shown_escaped() {
        let e = InputError::at(
            "f.txt",
            3,
            "`R\u{200b}1` is not a row; `\u{80}` neither; r1c1 = 5 ×",
        );
        assert_eq!(
            e.to_string(),
            "f.txt:3: `R\\u{200b}1` is not a row; `\\u{80}` neither; r1c1 = 5 ×"
        );
        let plain = InputError::whole("-", "the input is empty\nreally");
        assert_eq!(plain.to_string(), "-: the input is empty\nreally");
    }
}
