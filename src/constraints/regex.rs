//! Regular expressions over a grid's values, compiled to an [`Nfa`] as the Interactive Sudoku
//! Solver compiles its `Regex` lines: literals, `.`, classes `[…]` (ranges, `^`), groups,
//! `|`, and the quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`.

use super::nfa::Nfa;

/// The most states a pattern compiles to, as the solver limits them.
const MAX_STATES: usize = 1 << 12;

/// A parsed pattern.
#[derive(Debug)]
enum Node {
    /// One value out of a set (the symbols), or out of all but them.
    Set(Vec<char>, bool),
    Concat(Vec<Node>),
    Alternate(Vec<Node>),
    /// A child repeated `min` to `max` times (`None`: unbounded).
    Repeat(Box<Node>, usize, Option<usize>),
}

/// `pattern` over `values` (the grid's values in order; a character's value is its digit,
/// or 10 on from `A`/`a`), whitespace ignored.
pub(super) fn compile(pattern: &str, values: &[i64]) -> Result<Nfa, String> {
    let chars: Vec<char> = pattern.chars().filter(|c| !c.is_whitespace()).collect();
    let mut parser = Parser {
        chars: &chars,
        at: 0,
    };
    let node = parser.expression()?;
    if parser.at < chars.len() {
        return Err(format!(
            "unexpected `{}` at {}",
            chars[parser.at], parser.at
        ));
    }
    let mut b = Builder {
        values,
        moves: Vec::new(),
        epsilon: Vec::new(),
    };
    let (start, accept) = b.node(&node)?;
    b.closed(start, accept)
}

struct Parser<'a> {
    chars: &'a [char],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek();
        self.at += usize::from(c.is_some());
        c
    }

    fn expect(&mut self, want: char) -> Result<(), String> {
        match self.next() {
            Some(c) if c == want => Ok(()),
            _ => Err(format!(
                "expected `{want}` at {}",
                self.at.saturating_sub(1)
            )),
        }
    }

    fn expression(&mut self) -> Result<Node, String> {
        let mut options = vec![self.sequence()?];
        while self.peek() == Some('|') {
            self.next();
            options.push(self.sequence()?);
        }
        Ok(if options.len() == 1 {
            options.remove(0)
        } else {
            Node::Alternate(options)
        })
    }

    fn sequence(&mut self) -> Result<Node, String> {
        let mut parts = Vec::new();
        while let Some(c) = self.peek()
            && c != '|'
            && c != ')'
        {
            parts.push(self.quantified()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Node::Concat(parts)
        })
    }

    fn quantified(&mut self) -> Result<Node, String> {
        let mut node = self.primary()?;
        loop {
            let (min, max) = match self.peek() {
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('?') => (0, Some(1)),
                Some('{') => {
                    node = self.braces(node)?;
                    continue;
                }
                _ => return Ok(node),
            };
            self.next();
            node = Node::Repeat(Box::new(node), min, max);
        }
    }

    fn braces(&mut self, node: Node) -> Result<Node, String> {
        let start = self.at;
        self.expect('{')?;
        let min = self
            .number()
            .ok_or_else(|| format!("expected a number after `{{` at {start}"))?;
        let mut max = Some(min);
        if self.peek() == Some(',') {
            self.next();
            max = if self.peek() == Some('}') {
                None
            } else {
                let m = self
                    .number()
                    .ok_or_else(|| format!("expected a number or `}}` at {}", self.at))?;
                if m < min {
                    return Err(format!(
                        "`{{{min},{m}}}` at {start}: the most is below the least"
                    ));
                }
                Some(m)
            };
        }
        self.expect('}')?;
        Ok(Node::Repeat(Box::new(node), min, max))
    }

    fn number(&mut self) -> Option<usize> {
        let from = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let digits: String = self.chars[from..self.at].iter().collect();
        digits.parse().ok()
    }

    fn primary(&mut self) -> Result<Node, String> {
        match self.peek() {
            Some('(') => {
                self.next();
                let node = self.expression()?;
                if self.peek() != Some(')') {
                    return Err(format!("a group not closed at {}", self.at));
                }
                self.next();
                Ok(node)
            }
            Some('[') => self.class(),
            Some('.') => {
                self.next();
                Ok(Node::Set(Vec::new(), true))
            }
            None => Err("the pattern ends too soon".to_string()),
            Some(c) if "*+?{|)".contains(c) => Err(format!("unexpected `{c}` at {}", self.at)),
            Some(c) => {
                self.next();
                Ok(Node::Set(vec![c], false))
            }
        }
    }

    fn class(&mut self) -> Result<Node, String> {
        self.expect('[')?;
        let negated = self.peek() == Some('^');
        if negated {
            self.next();
        }
        let mut chars = Vec::new();
        while let Some(first) = self.peek()
            && first != ']'
        {
            self.next();
            if self.peek() == Some('-') {
                self.next();
                let last = self.next().ok_or("the pattern ends too soon")?;
                if last < first {
                    return Err(format!("the range `{first}-{last}` runs backwards"));
                }
                chars.extend(first..=last);
            } else {
                chars.push(first);
            }
        }
        self.expect(']')?;
        if chars.is_empty() {
            return Err("an empty class `[]`".to_string());
        }
        chars.sort_unstable();
        chars.dedup();
        Ok(Node::Set(chars, negated))
    }
}

/// Thompson's construction, state by state as the solver's `RegexToNFABuilder` makes them
/// (so a pattern it refuses for size is refused here too), then the ε-moves closed over.
struct Builder<'a> {
    values: &'a [i64],
    moves: Vec<Vec<(u32, u32)>>,
    epsilon: Vec<Vec<u32>>,
}

impl Builder<'_> {
    fn state(&mut self) -> Result<u32, String> {
        if self.moves.len() >= MAX_STATES {
            return Err(format!("the pattern needs more than {MAX_STATES} states"));
        }
        self.moves.push(Vec::new());
        self.epsilon.push(Vec::new());
        Ok(self.moves.len() as u32 - 1)
    }

    fn empty(&mut self) -> Result<(u32, u32), String> {
        let s = self.state()?;
        Ok((s, s))
    }

    /// The value index a character stands for.
    fn symbol(&self, c: char) -> Result<u32, String> {
        let value = match c {
            '0'..='9' => c as i64 - '0' as i64,
            'A'..='Z' => c as i64 - 'A' as i64 + 10,
            'a'..='z' => c as i64 - 'a' as i64 + 10,
            _ => return Err(format!("`{c}` is not a value")),
        };
        self.values
            .iter()
            .position(|&v| v == value)
            .map(|i| i as u32)
            .ok_or_else(|| {
                let (lo, hi) = (self.values.first(), self.values.last());
                format!(
                    "`{c}` is outside the values ({}-{})",
                    lo.unwrap_or(&0),
                    hi.unwrap_or(&0)
                )
            })
    }

    fn node(&mut self, node: &Node) -> Result<(u32, u32), String> {
        match node {
            Node::Set(chars, negated) => {
                let (start, accept) = (self.state()?, self.state()?);
                let listed = chars
                    .iter()
                    .map(|&c| self.symbol(c))
                    .collect::<Result<Vec<_>, _>>()?;
                let symbols: Vec<u32> = if *negated {
                    (0..self.values.len() as u32)
                        .filter(|s| !listed.contains(s))
                        .collect()
                } else {
                    listed
                };
                let moves = &mut self.moves[start as usize];
                moves.extend(symbols.into_iter().map(|s| (s, accept)));
                Ok((start, accept))
            }
            Node::Concat(parts) => {
                let Some((first, rest)) = parts.split_first() else {
                    return self.empty();
                };
                let (start, mut accept) = self.node(first)?;
                for part in rest {
                    let (s, a) = self.node(part)?;
                    self.epsilon[accept as usize].push(s);
                    accept = a;
                }
                Ok((start, accept))
            }
            Node::Alternate(options) => {
                let (start, accept) = (self.state()?, self.state()?);
                for option in options {
                    let (s, a) = self.node(option)?;
                    self.epsilon[start as usize].push(s);
                    self.epsilon[a as usize].push(accept);
                }
                Ok((start, accept))
            }
            Node::Repeat(child, min, max) => {
                let mut result = if *min == 0 {
                    self.empty()?
                } else {
                    self.node(child)?
                };
                for _ in 1..*min {
                    let (s, a) = self.node(child)?;
                    self.epsilon[result.1 as usize].push(s);
                    result.1 = a;
                }
                match max {
                    None => {
                        let (s, a) = self.node(child)?;
                        self.epsilon[result.1 as usize].push(s);
                        self.epsilon[a as usize].push(s);
                        self.epsilon[a as usize].push(result.1);
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let (s, a) = self.node(child)?;
                            self.epsilon[result.1 as usize].push(s);
                            self.epsilon[result.1 as usize].push(a);
                            result.1 = a;
                        }
                    }
                }
                Ok(result)
            }
        }
    }

    /// The automaton without ε-moves: each state takes the moves of the states its ε-moves
    /// reach, and accepts when one of them does.
    fn closed(self, start: u32, accept: u32) -> Result<Nfa, String> {
        let n = self.moves.len();
        let mut moves = self.moves.clone();
        let mut accepting = vec![accept];
        for (s, state_moves) in moves.iter_mut().enumerate() {
            let mut seen = vec![false; n];
            let mut stack = vec![s as u32];
            while let Some(t) = stack.pop() {
                if std::mem::replace(&mut seen[t as usize], true) {
                    continue;
                }
                stack.extend(&self.epsilon[t as usize]);
                if t as usize != s {
                    state_moves.extend(&self.moves[t as usize]);
                    if t == accept {
                        accepting.push(s as u32);
                    }
                }
            }
        }
        Nfa::new(moves, vec![start], &accepting)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIGITS: [i64; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

    fn matches(pattern: &str, word: &str) -> bool {
        let nfa = compile(pattern, &DIGITS).unwrap();
        let symbols: Vec<u32> = word.bytes().map(|b| u32::from(b - b'1')).collect();
        nfa.accepts_word(&symbols)
    }

    #[test]
    fn patterns_match_as_regular_expressions_do() {
        assert!(matches("12|3", "12") && matches("12|3", "3") && !matches("12|3", "123"));
        assert!(matches("1*", "") && matches("1*", "111") && !matches("1*", "121"));
        assert!(matches("(12)+", "1212") && !matches("(12)+", ""));
        assert!(matches("1?2", "2") && matches("1?2", "12") && !matches("1?2", "112"));
        assert!(matches("[1-3]{2}", "31") && !matches("[1-3]{2}", "3"));
        assert!(matches("[1-3]{2,}", "3121") && !matches("[1-3]{2,}", "1"));
        assert!(matches("1{1,3}", "111") && !matches("1{1,3}", "1111"));
        assert!(matches("[^5]9", "19") && !matches("[^5]9", "59"));
        assert!(matches(".*5.*", "1592") && !matches(".*5.*", "1292"));
        assert!(matches("((1|2)3)*", "2313") && !matches("((1|2)3)*", "33"));
    }

    #[test]
    fn letters_and_zero_name_values_on_other_grids() {
        let zero_based: Vec<i64> = (0..9).collect();
        let nfa = compile("0[0-8]", &zero_based).unwrap();
        assert!(nfa.accepts_word(&[0, 8]) && !nfa.accepts_word(&[1, 8]));
        let sixteen: Vec<i64> = (1..=16).collect();
        let nfa = compile("G|a", &sixteen).unwrap();
        assert!(nfa.accepts_word(&[15]) && nfa.accepts_word(&[9]) && !nfa.accepts_word(&[0]));
    }

    #[test]
    fn bad_patterns_are_refused_by_what_is_wrong() {
        let err = |p: &str| compile(p, &DIGITS).unwrap_err();
        assert!(err("0").contains("outside the values (1-9)"));
        assert!(err("(12").contains("not closed"));
        assert!(err("*1").contains("unexpected `*`"));
        assert!(err("1{3,2}").contains("below the least"));
        assert!(err("[]").contains("empty class"));
        assert!(err("[9-1]").contains("backwards"));
        assert!(err("1)").contains("unexpected `)`"));
        assert!(err("!").contains("not a value"));
        assert!(err("(.{9}){999}").contains("more than 4096 states"));
    }
}
