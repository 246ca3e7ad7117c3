//! Standard input read by a helper thread, so that the reader can tell when nothing more has
//! come for a moment: `solve -` on a pipe or a terminal then answers each line as it arrives.

use std::io::{BufRead, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::Duration;
use sudoku_cp::format::LineSource;

/// How long input may pause before what came so far is answered.
const PAUSE: Duration = Duration::from_millis(100);

/// Chunks read ahead at most (of up to 64 KiB each): a slow solver holds back the reader.
const AHEAD: usize = 16;

/// Standard input as chunks sent by a helper thread.
pub(super) struct LiveStdin {
    chunks: Receiver<std::io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    at: usize,
    /// Whether the input ended (or failed).
    ended: bool,
    /// The read that failed, handed on by the next read.
    error: Option<std::io::Error>,
    waiting: Arc<Waiting>,
}

/// What is read but not yet taken: chunks in the channel, bytes left of the current chunk.
#[derive(Debug, Default)]
pub(super) struct Waiting {
    chunks: AtomicUsize,
    bytes: AtomicUsize,
}

impl Waiting {
    /// Whether everything read so far has been taken: the puzzles read are all there is for
    /// now.
    pub(super) fn none(&self) -> bool {
        self.chunks.load(Ordering::Acquire) == 0 && self.bytes.load(Ordering::Acquire) == 0
    }
}

impl LiveStdin {
    /// Starts the helper thread.
    pub(super) fn start() -> LiveStdin {
        let (tx, rx) = sync_channel(AHEAD);
        let waiting = Arc::new(Waiting::default());
        let counts = Arc::clone(&waiting);
        std::thread::spawn(move || read_loop(&tx, &counts));
        LiveStdin {
            chunks: rx,
            chunk: Vec::new(),
            at: 0,
            ended: false,
            error: None,
            waiting,
        }
    }

    /// What is read but not taken, to ask while the reader is elsewhere.
    pub(super) fn waiting(&self) -> Arc<Waiting> {
        Arc::clone(&self.waiting)
    }

    /// Makes `chunk` the next chunk; waits `for_at_most` (forever when `None`).
    /// Returns false when none came in time.
    fn next_chunk(&mut self, for_at_most: Option<Duration>) -> std::io::Result<bool> {
        let got = match for_at_most {
            None => self
                .chunks
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            Some(d) => self.chunks.recv_timeout(d),
        };
        match got {
            Ok(chunk) => {
                self.waiting.chunks.fetch_sub(1, Ordering::AcqRel);
                let chunk = match chunk {
                    Ok(chunk) => chunk,
                    Err(e) => {
                        (self.ended, self.error) = (true, Some(e));
                        return Ok(true);
                    }
                };
                self.waiting.bytes.store(chunk.len(), Ordering::Release);
                (self.chunk, self.at) = (chunk, 0);
                Ok(true)
            }
            Err(RecvTimeoutError::Timeout) => Ok(false),
            Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                Ok(false)
            }
        }
    }
}

/// The helper thread: reads standard input as it comes and sends it on, then its end.
fn read_loop(tx: &SyncSender<std::io::Result<Vec<u8>>>, waiting: &Waiting) {
    let mut stdin = std::io::stdin().lock();
    loop {
        let mut buf = vec![0; 1 << 16];
        let read = match stdin.read(&mut buf) {
            Ok(0) => return,
            Ok(k) => {
                buf.truncate(k);
                Ok(buf)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => Err(e),
        };
        let failed = read.is_err();
        waiting.chunks.fetch_add(1, Ordering::AcqRel);
        if tx.send(read).is_err() || failed {
            return;
        }
    }
}

impl Read for LiveStdin {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let avail = self.fill_buf()?;
        let k = avail.len().min(out.len());
        out[..k].copy_from_slice(&avail[..k]);
        self.consume(k);
        Ok(k)
    }
}

impl BufRead for LiveStdin {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at == self.chunk.len() && !self.ended {
            self.next_chunk(None)?;
        }
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        Ok(&self.chunk[self.at..])
    }

    fn consume(&mut self, k: usize) {
        self.at = (self.at + k).min(self.chunk.len());
        self.waiting
            .bytes
            .store(self.chunk.len() - self.at, Ordering::Release);
    }
}

impl LineSource for LiveStdin {
    fn stalled(&mut self) -> bool {
        if self.at < self.chunk.len() || self.ended {
            return false;
        }
        // Nothing in hand: wait a moment for more.
        !matches!(self.next_chunk(Some(PAUSE)), Ok(true)) && !self.ended
    }
}
