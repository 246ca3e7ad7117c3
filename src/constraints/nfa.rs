//! A nondeterministic finite automaton over value indices, read from the Interactive Sudoku
//! Solver's serialized form (its `NFASerializer`), and the sets of states a word reaches.

/// An automaton whose symbols are value indices (`0` the grid's first value); states are
/// numbered from 0, a word is accepted when some path over it from a start ends on an accept.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nfa {
    /// Each state's moves: (symbol, target), sorted.
    moves: Vec<Vec<(u32, u32)>>,
    /// The start states.
    starts: Vec<u32>,
    /// Whether each state accepts.
    accepts: Vec<bool>,
}

/// A set of states, a bit each.
pub(super) type States = Box<[u64]>;

/// The most states an automaton may have (the solver's handler takes up to `1 << 16`).
pub(super) const MAX_STATES: usize = 1 << 16;

impl Nfa {
    /// The automaton with these moves per state, start states and accepting states; states
    /// named by a move but not listed are added, without moves.
    pub fn new(
        mut moves: Vec<Vec<(u32, u32)>>,
        starts: Vec<u32>,
        accepting: &[u32],
    ) -> Result<Self, String> {
        let named = moves
            .iter()
            .flatten()
            .map(|&(_, t)| t)
            .chain(starts.iter().copied())
            .chain(accepting.iter().copied())
            .max()
            .map_or(0, |m| m as usize + 1);
        if named.max(moves.len()) > MAX_STATES {
            return Err(format!("the automaton has more than {MAX_STATES} states"));
        }
        moves.resize(named.max(moves.len()), Vec::new());
        for m in &mut moves {
            m.sort_unstable();
            m.dedup();
        }
        let mut accepts = vec![false; moves.len()];
        for &a in accepting {
            accepts[a as usize] = true;
        }
        Ok(Nfa {
            moves,
            starts,
            accepts,
        })
    }

    /// How many states it has.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// How many symbols its moves read: the largest symbol read, plus one (0 without moves).
    pub fn symbols(&self) -> usize {
        self.moves
            .iter()
            .flatten()
            .map(|m| m.0 as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// Whether it has no states (and so accepts nothing).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The start states.
    pub fn start(&self) -> States {
        let mut set = self.empty_set();
        for &s in &self.starts {
            set[s as usize / 64] |= 1 << (s % 64);
        }
        set
    }

    fn empty_set(&self) -> States {
        vec![0u64; self.moves.len().div_ceil(64)].into_boxed_slice()
    }

    /// The states reached from `set` on `symbol`; `None` when there are none.
    pub fn step(&self, set: &[u64], symbol: u32) -> Option<States> {
        let mut next = self.empty_set();
        let mut any = false;
        for (w, &word) in set.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let s = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for &(_, t) in self.moves[s].iter().filter(|m| m.0 == symbol) {
                    next[t as usize / 64] |= 1 << (t % 64);
                    any = true;
                }
            }
        }
        any.then_some(next)
    }

    /// Whether `set` holds an accepting state.
    pub fn accepting(&self, set: &[u64]) -> bool {
        self.accepts
            .iter()
            .enumerate()
            .any(|(s, &a)| a && set[s / 64] >> (s % 64) & 1 == 1)
    }

    /// Whether it accepts the word.
    pub fn accepts_word(&self, word: &[u32]) -> bool {
        let mut set = self.start();
        for &symbol in word {
            match self.step(&set, symbol) {
                Some(next) => set = next,
                None => return false,
            }
        }
        self.accepting(&set)
    }

    /// Reads the solver's serialized form: base64url of a bit stream (most significant bit
    /// first) holding a header — format (2 bits: plain or packed), state bits − 1 (4),
    /// symbols − 1 (4), start count and accept count (state bits each), which starts accept
    /// (a bit each), and for the plain format the bits of each state's move count (4) —, then
    /// each state's moves: plain, a count then (symbol, target) pairs; packed, a mask of the
    /// symbols it moves on then one target each. Starts are the first states, then the other
    /// accepting ones; the rest of the stream must be zero.
    pub fn from_iss(key: &str) -> Result<Self, String> {
        if key.is_empty() {
            return Nfa::new(Vec::new(), Vec::new(), &[]);
        }
        let bytes = super::base64url::decode(key)?;
        let mut r = Bits {
            bytes: &bytes,
            at: 0,
        };
        let format = r.read(2)?;
        if format > 1 {
            return Err("an unknown format".to_string());
        }
        let state_bits = r.read(4)? as usize + 1;
        let symbols = r.read(4)? as usize + 1;
        let start_count = r.read(state_bits)? as usize;
        let accept_count = r.read(state_bits)? as usize;
        if start_count > 31 {
            return Err(format!("{start_count} start states (at most 31 are read)"));
        }
        let start_accepts = r.read(start_count)?;
        let symbol_bits = usize::BITS as usize - (symbols - 1).leading_zeros() as usize;
        let mut moves: Vec<Vec<(u32, u32)>> = Vec::new();
        if format == 0 {
            let count_bits = r.read(4)? as usize;
            if count_bits > 0 {
                while r.left() >= count_bits {
                    let count = r.read(count_bits)?;
                    let mut state = Vec::new();
                    for _ in 0..count {
                        if r.left() < symbol_bits + state_bits {
                            return Err("a state's moves are cut short".to_string());
                        }
                        let symbol = r.read(symbol_bits)?;
                        state.push((symbol, r.read(state_bits)?));
                    }
                    moves.push(state);
                }
            }
        } else {
            while r.left() >= symbols {
                let mask = r.read(symbols)?;
                let mut state = Vec::new();
                for symbol in (0..symbols as u32).filter(|&s| mask >> s & 1 == 1) {
                    if r.left() < state_bits {
                        return Err("a state's moves are cut short".to_string());
                    }
                    state.push((symbol, r.read(state_bits)?));
                }
                moves.push(state);
            }
        }
        while r.left() > 0 {
            if r.read(r.left().min(32))? != 0 {
                return Err("data after the last state".to_string());
            }
        }
        let starts: Vec<u32> = (0..start_count as u32).collect();
        let accepting: Vec<u32> = starts
            .iter()
            .copied()
            .filter(|&i| start_accepts >> i & 1 == 1)
            .chain((0..accept_count as u32).map(|i| start_count as u32 + i))
            .collect();
        Nfa::new(moves, starts, &accepting)
    }
}

/// A bit stream read most significant bit first, as the solver's `BitReader` reads it.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn left(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    fn read(&mut self, count: usize) -> Result<u32, String> {
        if count > self.left() {
            return Err("the data ends too soon".to_string());
        }
        let mut value = 0u64;
        for _ in 0..count {
            let bit = self.bytes[self.at / 8] >> (7 - self.at % 8) & 1;
            value = (value << 1) | u64::from(bit);
            self.at += 1;
        }
        u32::try_from(value).map_err(|_| "a field wider than 32 bits".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes an automaton as the solver's plain format does (its `_writePlainBody`), for
    /// the reader to read back: states already ordered starts, accepts, others.
    fn plain(
        moves: &[Vec<(u32, u32)>],
        starts: usize,
        start_accepts: u32,
        accepts: usize,
    ) -> String {
        let states = moves.len();
        let bits_for = |x: usize| (usize::BITS - x.leading_zeros()) as usize;
        let state_bits = bits_for(states - 1).max(1);
        let symbols = moves
            .iter()
            .flatten()
            .map(|m| m.0 as usize + 1)
            .max()
            .unwrap_or(1);
        let symbol_bits = bits_for(symbols - 1);
        let count_bits = bits_for(moves.iter().map(Vec::len).max().unwrap_or(0));
        let mut bits: Vec<bool> = Vec::new();
        let mut put = |v: u64, n: usize| (0..n).rev().for_each(|i| bits.push(v >> i & 1 == 1));
        put(0, 2);
        put(state_bits as u64 - 1, 4);
        put(symbols as u64 - 1, 4);
        put(starts as u64, state_bits);
        put(accepts as u64, state_bits);
        put(u64::from(start_accepts), starts);
        put(count_bits as u64, 4);
        for m in moves {
            put(m.len() as u64, count_bits);
            for &(s, t) in m {
                put(u64::from(s), symbol_bits);
                put(u64::from(t), state_bits);
            }
        }
        let bytes: Vec<u8> = bits
            .chunks(8)
            .map(|c| (0..8).fold(0u8, |b, i| b << 1 | u8::from(c.get(i) == Some(&true))))
            .collect();
        super::super::base64url::encode(&bytes)
    }

    #[test]
    fn the_plain_format_reads_back_its_states_and_moves() {
        // Even runs of symbol 0 then one symbol 1: start 0 (accepts nothing), 1 accepts.
        let moves = vec![vec![(0, 2), (1, 1)], vec![], vec![(0, 0)]];
        let key = plain(&moves, 1, 0, 1);
        let nfa = Nfa::from_iss(&key).unwrap();
        assert!(nfa.accepts_word(&[1]));
        assert!(nfa.accepts_word(&[0, 0, 1]));
        assert!(!nfa.accepts_word(&[0, 1]));
        assert!(!nfa.accepts_word(&[]));
        assert!(!nfa.accepts_word(&[1, 1]));
        // A start that accepts: the empty word.
        assert!(
            Nfa::from_iss(&plain(&moves, 1, 1, 1))
                .unwrap()
                .accepts_word(&[])
        );
    }

    #[test]
    fn a_packed_key_of_the_solvers_examples_reads() {
        // Diagonal Skyscrapers' "Skyscraper-9" line: nine distinct values seeing exactly nine.
        let nfa = Nfa::from_iss("TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg").unwrap();
        assert!(nfa.accepts_word(&[0, 1, 2, 3, 4, 5, 6, 7, 8]));
        assert!(!nfa.accepts_word(&[1, 0, 2, 3, 4, 5, 6, 7, 8]));
    }

    #[test]
    fn bad_keys_are_refused_by_what_is_wrong() {
        assert!(Nfa::from_iss("a*").unwrap_err().contains("base64url"));
        assert!(Nfa::from_iss("A").unwrap_err().contains("length"));
        // Format 3 (the top two bits set).
        assert!(Nfa::from_iss("wA").unwrap_err().contains("unknown format"));
        assert!(Nfa::from_iss("AA").is_err());
    }
}
