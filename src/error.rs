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
        let message = visible(&self.message);
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.source, line, message),
            None => write!(f, "{}: {}", self.source, message),
        }
    }
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
