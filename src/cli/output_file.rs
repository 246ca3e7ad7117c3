//! Writing an output file safely: a regular file (new, or reached through symlinks) is written
//! to a fresh temporary file beside it, created exclusively under a random name, and renamed
//! over it only when everything is written, with the old file's permissions; a device, a pipe
//! or another non-regular file is written directly. The temporary file is removed on error and
//! on SIGINT/SIGTERM.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once, PoisonError};
use sudoku_cp::error::InputError;

/// Temporary files being written: removed if the run is interrupted.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Exit code after SIGINT or SIGTERM, as shells report a SIGINT.
const INTERRUPTED: i32 = 130;

/// Installs, once, the handler that removes the temporary files on SIGINT and SIGTERM.
fn clean_up_on_interrupt() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            let paths = TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner);
            for path in paths.iter() {
                let _ = std::fs::remove_file(path);
            }
            std::process::exit(INTERRUPTED);
        });
    });
}

/// A temporary file's place in [`TEMPORARY`], given up when dropped.
struct Registered(PathBuf);

impl Registered {
    fn new(path: &Path) -> Self {
        let mut paths = TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner);
        paths.push(path.to_path_buf());
        Registered(path.to_path_buf())
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut paths = TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner);
        paths.retain(|p| *p != self.0);
    }
}

/// Where the text goes.
enum Sink {
    /// A temporary file renamed over the target at the end.
    Replace {
        temp: BufWriter<tempfile::NamedTempFile>,
        target: PathBuf,
        /// The permissions of the file replaced, kept.
        permissions: Option<std::fs::Permissions>,
        /// Removes the temporary file on SIGINT or SIGTERM while it lives.
        _registered: Registered,
    },
    /// A device, pipe or other non-regular file, written in place.
    Direct(BufWriter<std::fs::File>),
}

/// A file being written; nothing replaces the target until [`OutputFile::finish`].
pub(super) struct OutputFile {
    /// The name as the user gave it, for messages.
    name: String,
    sink: Sink,
}

impl OutputFile {
    /// Starts writing `path`.
    pub(super) fn create(path: &Path) -> Result<Self, InputError> {
        let name = path.display().to_string();
        let cannot =
            |e: std::io::Error| InputError::whole(&name, format!("cannot write: {}", plain(&e)));
        let target = resolve(path).map_err(cannot)?;
        let existing = std::fs::metadata(&target).ok();
        if let Some(meta) = &existing
            && !meta.is_file()
        {
            if meta.is_dir() {
                return Err(InputError::whole(&name, "cannot write: it is a directory"));
            }
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(cannot)?;
            return Ok(OutputFile {
                name,
                sink: Sink::Direct(BufWriter::new(file)),
            });
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        clean_up_on_interrupt();
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sudoku-cp-").suffix(".tmp");
        // A new file gets what any program's new file gets: 0666 less the umask (the open
        // call applies it), not the 0600 of a temporary file.
        #[cfg(unix)]
        if existing.is_none() {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temp = builder.tempfile_in(&dir).map_err(cannot)?;
        let registered = Registered::new(temp.path());
        Ok(OutputFile {
            name,
            sink: Sink::Replace {
                temp: BufWriter::new(temp),
                target,
                permissions: existing.map(|m| m.permissions()),
                _registered: registered,
            },
        })
    }

    /// Writes `text`.
    pub(super) fn write(&mut self, text: &str) -> Result<(), InputError> {
        let result = match &mut self.sink {
            Sink::Replace { temp, .. } => temp.write_all(text.as_bytes()),
            Sink::Direct(file) => file.write_all(text.as_bytes()),
        };
        result.map_err(|e| self.cannot(&e))
    }

    fn cannot(&self, e: &std::io::Error) -> InputError {
        InputError::whole(&self.name, format!("cannot write: {}", plain(e)))
    }

    /// Writes what is left and puts the file in place.
    pub(super) fn finish(self) -> Result<(), InputError> {
        let name = self.name;
        let cannot =
            |e: std::io::Error| InputError::whole(&name, format!("cannot write: {}", plain(&e)));
        match self.sink {
            Sink::Direct(mut file) => file.flush().map_err(cannot),
            Sink::Replace {
                temp,
                target,
                permissions,
                _registered,
            } => {
                let temp = temp.into_inner().map_err(|e| cannot(e.into_error()))?;
                let temp_path = temp.path().to_path_buf();
                let result = (|| {
                    temp.as_file().sync_all()?;
                    if let Some(p) = permissions {
                        std::fs::set_permissions(&temp_path, p)?;
                    }
                    temp.persist(&target).map_err(|e| e.error)?;
                    Ok(())
                })();
                result.map_err(cannot)
            }
        }
    }
}

/// An I/O error's words without the temporary file's path some errors carry (the message
/// names the file the user gave).
fn plain(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" at path ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Writes `text` to `path` safely, whole.
pub(super) fn write_file(path: &Path, text: &str) -> Result<(), InputError> {
    let mut file = OutputFile::create(path)?;
    file.write(text)?;
    file.finish()
}

/// The file a path names once symlinks are followed (the last one may not exist yet).
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Refuses to write `output` when it is one of `inputs` (the same file, by any path): the
/// input would be replaced before, or while, it is read. A device such as `/dev/null` or
/// `/dev/stdout` is never an input's twin.
pub(super) fn refuse_inputs(output: &Path, inputs: &[&str]) -> Result<(), InputError> {
    let Ok(out) = std::fs::metadata(output) else {
        return Ok(()); // a new file is no input
    };
    if !out.is_file() {
        return Ok(());
    }
    for input in inputs.iter().filter(|i| **i != "-") {
        if std::fs::metadata(input).is_ok_and(|m| same_file(output, &out, Path::new(input), &m)) {
            return Err(InputError::whole(
                &output.display().to_string(),
                format!(
                    "is also an input ({input}): writing it would replace the puzzles; \
                     choose another file"
                ),
            ));
        }
    }
    Ok(())
}

/// Whether two paths, with their metadata, name one file (hard links too, on Unix).
fn same_file(a: &Path, a_meta: &std::fs::Metadata, b: &Path, b_meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = (a, b);
        a_meta.dev() == b_meta.dev() && a_meta.ino() == b_meta.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a_meta, b_meta);
        std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok()
    }
}
