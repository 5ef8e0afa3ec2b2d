//! `tidemark backup DIR` and `tidemark restore DIR` for a site on the embedded database: the
//! database, the local media and the generated token secret and web push key, copied while
//! the site serves.
//!
//! The database is copied with SQLite's `VACUUM INTO` from a connection of its own: one read
//! transaction, so the copy is the database as it stood at one moment, every write committed
//! before the backup began included, whatever writers do meanwhile (WAL lets them go on). Media
//! files are written before the rows naming them commit, and are never changed once written,
//! so copying them after the database gives every file the copy's rows name. The search index
//! is not copied: a restored site rebuilds it from the database at its first start.
//!
//! A PostgreSQL site is backed up with PostgreSQL's own tools and its bucket's versioning
//! (docs/operations.md); these commands say so.

use crate::settings::Settings;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The backup's own description, written last: a folder without it is not a backup.
const MANIFEST: &str = "backup.json";
const DATABASE: &str = "tidemark.db";
const MEDIA: &str = "media";
const SECRET: &str = "token.secret";
const VAPID: &str = crate::push::vapid::KEY_FILE;
/// Held by a running server on its data folder ([`ServingLock`]).
const LOCK: &str = "server.lock";
const FORMAT: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: u32,
    pub made_at: String,
    pub version: String,
    pub database_bytes: u64,
    pub database_sha256: String,
    pub media_files: u64,
    pub media_bytes: u64,
    pub token_secret: bool,
    /// Whether the generated web push key was copied (absent in backups made before it).
    #[serde(default)]
    pub vapid_key: bool,
}

/// What the settings name, for a site these commands can copy.
struct Site {
    database: PathBuf,
    media: Option<PathBuf>,
    secret: PathBuf,
    vapid: PathBuf,
}

fn site(settings: &Settings) -> Result<Site, String> {
    let database = crate::db::sqlite_file(settings).ok_or(
        "this site's database is PostgreSQL: back it up with pg_dump or base backups and its \
         media with the bucket's versioning (docs/operations.md)",
    )?;
    let media =
        (!settings.is_set(&crate::settings::S3_BUCKET)).then(|| settings.data_dir.join(MEDIA));
    Ok(Site {
        database,
        media,
        secret: settings.data_dir.join(SECRET),
        vapid: settings.data_dir.join(VAPID),
    })
}

/// Copies the site into `dir` (which must not exist, or be empty).
pub fn backup(settings: &Settings, dir: &Path) -> Result<Manifest, String> {
    let site = site(settings)?;
    if !site.database.exists() {
        return Err(format!(
            "there is no database at {}",
            site.database.display()
        ));
    }
    if dir.exists() && fs::read_dir(dir).map_err(io_error(dir))?.next().is_some() {
        return Err(format!(
            "{} is not empty: back up into a new folder",
            dir.display()
        ));
    }
    fs::create_dir_all(dir).map_err(io_error(dir))?;

    // The database, as of one moment.
    let partial = dir.join(format!("{DATABASE}.partial"));
    let connection = rusqlite::Connection::open_with_flags(
        &site.database,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("cannot open the database: {e}"))?;
    connection
        .busy_timeout(std::time::Duration::from_secs(30))
        .map_err(|e| format!("the database: {e}"))?;
    connection
        .execute("VACUUM INTO ?1", [partial.to_string_lossy()])
        .map_err(|e| format!("the database could not be copied: {e}"))?;
    drop(connection);
    let copy = dir.join(DATABASE);
    sync_file(&partial)?;
    fs::rename(&partial, &copy).map_err(io_error(&copy))?;
    let (database_bytes, database_sha256) = digest(&copy)?;

    // The media the copy's rows name (and any written since).
    let (media_files, media_bytes) = match &site.media {
        Some(media) if media.exists() => copy_tree(media, &dir.join(MEDIA))?,
        _ => (0, 0),
    };

    // The generated token secret: sessions and links issued before keep working.
    let token_secret = site.secret.exists();
    if token_secret {
        fs::copy(&site.secret, dir.join(SECRET)).map_err(io_error(&site.secret))?;
        restrict(&dir.join(SECRET));
    }
    // The generated web push key: browsers' subscriptions were made for it.
    let vapid_key = site.vapid.exists();
    if vapid_key {
        fs::copy(&site.vapid, dir.join(VAPID)).map_err(io_error(&site.vapid))?;
        restrict(&dir.join(VAPID));
    }

    let manifest = Manifest {
        format: FORMAT,
        made_at: chrono::Utc::now().to_rfc3339(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        database_bytes,
        database_sha256,
        media_files,
        media_bytes,
        token_secret,
        vapid_key,
    };
    write_manifest(dir, &manifest)?;
    sync_dir(dir);
    Ok(manifest)
}

/// Brings the backup in `dir` back into the settings' data folder. The server must be
/// stopped. A site already there is refused unless `replace`, and then moved aside into
/// `<data>/replaced-<time>/`, never deleted.
pub fn restore(settings: &Settings, dir: &Path, replace: bool) -> Result<Manifest, String> {
    let site = site(settings)?;
    let manifest: Manifest = serde_json::from_slice(
        &fs::read(dir.join(MANIFEST))
            .map_err(|e| format!("{} is not a backup ({MANIFEST}: {e})", dir.display()))?,
    )
    .map_err(|e| format!("{MANIFEST} cannot be read: {e}"))?;
    if manifest.format != FORMAT {
        return Err(format!(
            "a backup of format {} cannot be restored by this version",
            manifest.format
        ));
    }
    let (_, sha256) = digest(&dir.join(DATABASE))?;
    if sha256 != manifest.database_sha256 {
        return Err(
            "the backup's database is not the one it was made with (checksum differs)".into(),
        );
    }
    let data = &settings.data_dir;
    fs::create_dir_all(data).map_err(io_error(data))?;
    let _lock = ServingLock::take(data).map_err(|_| {
        format!(
            "a server is running on {}: stop it before restoring",
            data.display()
        )
    })?;

    let present: Vec<PathBuf> = [
        site.database.clone(),
        with_suffix(&site.database, "-wal"),
        with_suffix(&site.database, "-shm"),
        data.join(MEDIA),
        site.secret.clone(),
        site.vapid.clone(),
        data.join("search"),
        data.join("node-name"),
    ]
    .into_iter()
    .filter(|path| path.exists())
    .collect();
    if site.database.exists() && !replace {
        return Err(format!(
            "{} already holds a site: restore with --replace to move it aside first",
            data.display()
        ));
    }
    if !present.is_empty() {
        let aside = data.join(format!(
            "replaced-{}",
            chrono::Utc::now().format("%Y%m%dT%H%M%SZ")
        ));
        fs::create_dir_all(&aside).map_err(io_error(&aside))?;
        for path in present {
            let name = path.file_name().unwrap_or_default();
            fs::rename(&path, aside.join(name)).map_err(io_error(&path))?;
        }
    }

    if let Some(folder) = site.database.parent() {
        fs::create_dir_all(folder).map_err(io_error(folder))?;
    }
    let partial = with_suffix(&site.database, ".partial");
    fs::copy(dir.join(DATABASE), &partial).map_err(io_error(&partial))?;
    sync_file(&partial)?;
    fs::rename(&partial, &site.database).map_err(io_error(&site.database))?;
    if let Some(media) = &site.media {
        if dir.join(MEDIA).exists() {
            copy_tree(&dir.join(MEDIA), media)?;
        }
    }
    if manifest.token_secret {
        fs::copy(dir.join(SECRET), &site.secret).map_err(io_error(&site.secret))?;
        restrict(&site.secret);
    }
    if manifest.vapid_key {
        fs::copy(dir.join(VAPID), &site.vapid).map_err(io_error(&site.vapid))?;
        restrict(&site.vapid);
    }
    Ok(manifest)
}

/// A running server's claim on its data folder: an exclusive lock on `server.lock`, held
/// until the process ends, so a restore never writes under a serving site.
pub struct ServingLock {
    _file: fs::File,
}

impl ServingLock {
    pub fn take(data_dir: &Path) -> io::Result<ServingLock> {
        fs::create_dir_all(data_dir)?;
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(data_dir.join(LOCK))?;
        file.try_lock().map_err(|error| match error {
            fs::TryLockError::WouldBlock => io::Error::new(io::ErrorKind::WouldBlock, "held"),
            fs::TryLockError::Error(error) => error,
        })?;
        Ok(ServingLock { _file: file })
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn io_error(path: &Path) -> impl Fn(io::Error) -> String + '_ {
    move |error| format!("{}: {error}", path.display())
}

fn sync_file(path: &Path) -> Result<(), String> {
    fs::File::open(path)
        .and_then(|file| file.sync_all())
        .map_err(io_error(path))
}

fn sync_dir(dir: &Path) {
    if let Ok(folder) = fs::File::open(dir) {
        let _ = folder.sync_all();
    }
}

fn restrict(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o600));
    }
}

fn digest(path: &Path) -> Result<(u64, String), String> {
    let mut file = fs::File::open(path).map_err(io_error(path))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        let read = file.read(&mut buffer).map_err(io_error(path))?;
        if read == 0 {
            break;
        }
        bytes += read as u64;
        hasher.update(&buffer[..read]);
    }
    let sha256 = hex::encode(hasher.finalize());
    Ok((bytes, sha256))
}

/// Copies the files under `from` into `to` (temporary files of writes in progress, which
/// start with a dot, left out); answers the files and bytes copied.
fn copy_tree(from: &Path, to: &Path) -> Result<(u64, u64), String> {
    fs::create_dir_all(to).map_err(io_error(to))?;
    let (mut files, mut bytes) = (0, 0);
    for entry in fs::read_dir(from).map_err(io_error(from))? {
        let entry = entry.map_err(io_error(from))?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        let kind = entry.file_type().map_err(io_error(&path))?;
        if kind.is_dir() {
            let (more_files, more_bytes) = copy_tree(&path, &to.join(&name))?;
            files += more_files;
            bytes += more_bytes;
        } else if kind.is_file() {
            match fs::copy(&path, to.join(&name)) {
                Ok(copied) => {
                    files += 1;
                    bytes += copied;
                }
                // Deleted since the folder was listed (an unused upload cleared): nothing names it.
                Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                Err(error) => return Err(format!("{}: {error}", path.display())),
            }
        }
    }
    Ok((files, bytes))
}

fn write_manifest(dir: &Path, manifest: &Manifest) -> Result<(), String> {
    let text = serde_json::to_vec_pretty(manifest).map_err(|e| e.to_string())?;
    let path = dir.join(MANIFEST);
    fs::write(&path, text).map_err(io_error(&path))?;
    sync_file(&path)
}
