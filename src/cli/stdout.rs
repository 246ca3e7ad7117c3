//! Standard output for a stream of answers: gathered in memory and written by a helper thread
//! at a steady pace, so that a batch of quick puzzles costs a write a tick, not a write each.

use super::{Failure, write_failure};
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long an answer may wait in memory before it is written.
const FLUSH_EVERY: Duration = Duration::from_millis(50);

/// Most bytes waiting to be written: past it, printing waits for the writer, so a slow reader
/// of the output slows the run down instead of letting the answers pile up in memory.
const MAX_WAITING: usize = 1 << 20;

/// Where a batch command prints its answers.
///
/// On a terminal, each text is written at once (it shares the screen with the progress bar
/// on stderr). Otherwise (a pipe or a file) texts are gathered and a helper thread writes them
/// every [`FLUSH_EVERY`] and at the end: one `write` a tick instead of one a puzzle, and no
/// answer waits longer than a tick, even behind a slow puzzle.
///
/// Everything printed is written before the value is dropped, on error paths too, so the
/// answers before a bad puzzle still come before its error message.
pub(super) struct Stdout {
    /// `None` on a terminal: each text is written at once.
    shared: Option<Arc<Shared>>,
    writer: Option<JoinHandle<()>>,
}

struct Shared {
    state: Mutex<State>,
    /// Wakes the writer: the run is done, or too much text waits.
    wake: Condvar,
    /// Wakes a printer waiting for room: the writer took the text, or failed.
    taken: Condvar,
}

#[derive(Default)]
struct State {
    /// Text not written yet.
    text: String,
    /// No more text comes: write what is left and stop.
    done: bool,
    /// The write that failed; nothing more is written after it.
    error: Option<std::io::Error>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The helper thread: takes the gathered text every tick (or when told to finish) and
    /// writes it.
    fn write_loop(&self) {
        let mut batch = String::new();
        loop {
            let done = {
                let mut state = self.lock();
                // A full buffer is written at once: a printer is waiting for room.
                if !state.done && state.text.len() < MAX_WAITING {
                    state = self
                        .wake
                        .wait_timeout(state, FLUSH_EVERY)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                }
                std::mem::swap(&mut state.text, &mut batch);
                state.done
            };
            self.taken.notify_all();
            if !batch.is_empty() {
                let mut out = std::io::stdout().lock();
                if let Err(e) = out.write_all(batch.as_bytes()).and_then(|()| out.flush()) {
                    self.lock().error = Some(e);
                    self.taken.notify_all();
                    return;
                }
                batch.clear();
            }
            if done {
                return;
            }
        }
    }
}

impl Stdout {
    pub(super) fn new() -> Self {
        if std::io::stdout().is_terminal() {
            return Stdout {
                shared: None,
                writer: None,
            };
        }
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
            taken: Condvar::new(),
        });
        let theirs = Arc::clone(&shared);
        // Without a thread (none left, say), texts are written at once.
        let writer = std::thread::Builder::new()
            .name("stdout".into())
            .spawn(move || theirs.write_loop())
            .ok();
        Stdout {
            shared: writer.is_some().then_some(shared),
            writer,
        }
    }

    /// Prints `text`; an error if an earlier write failed (a closed pipe is
    /// [`Failure::Closed`]).
    pub(super) fn print(&self, text: &str) -> Result<(), Failure> {
        let Some(shared) = &self.shared else {
            return super::print(text);
        };
        let mut state = shared.lock();
        while state.text.len() >= MAX_WAITING && state.error.is_none() {
            shared.wake.notify_one();
            state = shared
                .taken
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        if let Some(e) = &state.error {
            return Err(write_failure(e));
        }
        state.text.push_str(text);
        Ok(())
    }

    /// Writes everything printed, then reports a failed write.
    pub(super) fn finish(mut self) -> Result<(), Failure> {
        self.close()
    }

    fn close(&mut self) -> Result<(), Failure> {
        let (Some(shared), Some(writer)) = (&self.shared, self.writer.take()) else {
            return Ok(());
        };
        shared.lock().done = true;
        shared.wake.notify_one();
        let _ = writer.join();
        match &shared.lock().error {
            Some(e) => Err(write_failure(e)),
            None => Ok(()),
        }
    }
}

impl Drop for Stdout {
    fn drop(&mut self) {
        let _ = self.close();
    }
}
