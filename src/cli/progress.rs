//! Progress on stderr for long runs, and the worker thread pool behind `--threads`.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use sudoku_cp::error::InputError;

/// A count of finished puzzles with a rate, redrawn on one stderr line at most five times a
/// second, only when stderr is a terminal: logs and pipes never see it. The first drawing waits
/// half a second, so short runs show nothing.
#[derive(Debug)]
pub(super) struct Progress {
    verb: &'static str,
    total: Option<u64>,
    done: AtomicU64,
    start: Instant,
    /// Milliseconds since `start` of the last drawing.
    drawn_at: AtomicU64,
    drawn: AtomicBool,
    shown: bool,
}

/// Milliseconds before the first drawing, then between drawings.
const FIRST_MS: u64 = 500;
const EVERY_MS: u64 = 200;

impl Progress {
    /// Progress of `verb` (e.g. `solved`) over `total` puzzles when known.
    pub(super) fn new(verb: &'static str, total: Option<u64>) -> Self {
        Progress {
            verb,
            total,
            done: AtomicU64::new(0),
            start: Instant::now(),
            drawn_at: AtomicU64::new(FIRST_MS - EVERY_MS),
            drawn: AtomicBool::new(false),
            shown: total != Some(1) && std::io::stderr().is_terminal(),
        }
    }

    /// One more puzzle done; callable from any thread.
    pub(super) fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if !self.shown {
            return;
        }
        let elapsed = self.start.elapsed();
        let now = elapsed.as_millis() as u64;
        let last = self.drawn_at.load(Ordering::Relaxed);
        if now < last + EVERY_MS
            || self
                .drawn_at
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let rate = done as f64 / elapsed.as_secs_f64();
        match self.total {
            Some(t) => draw(format_args!(
                "\r{} {done}/{t} ({rate:.0}/s)\x1b[K",
                self.verb
            )),
            None => draw(format_args!("\r{} {done} ({rate:.0}/s)\x1b[K", self.verb)),
        }
        self.drawn.store(true, Ordering::Relaxed);
    }

    /// Erases the line, before other output goes to the terminal.
    pub(super) fn clear(&self) {
        if self.drawn.swap(false, Ordering::Relaxed) {
            draw(format_args!("\r\x1b[K"));
        }
    }
}

/// Draws on stderr; a stderr that fails loses the drawing, never the run.
fn draw(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// The pool `--threads` asks for (`None`: one thread per core).
pub(super) fn pool(threads: Option<u16>) -> Result<rayon::ThreadPool, InputError> {
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| InputError::whole("--threads", e.to_string()))
}
