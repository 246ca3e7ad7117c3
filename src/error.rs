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
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.source, line, self.message),
            None => write!(f, "{}: {}", self.source, self.message),
        }
    }
}

impl std::error::Error for InputError {}
