//! Where uploaded bytes live: an interface of three calls (put, get, delete) by key, and its
//! local implementation, a folder under the data directory.
//!
//! The interface is object-safe and speaks only keys, bytes and content types, so an
//! S3-compatible implementation (docs/media.md, "Next step") slots in behind
//! [`open_storage`] without touching the callers.

use std::future::Future;
use std::io;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

/// What the storage calls return: boxed so the trait stays object-safe without extra crates.
pub type StorageFuture<'a, T> = Pin<Box<dyn Future<Output = io::Result<T>> + Send + 'a>>;

/// A stored object as it is read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Object {
    pub bytes: Vec<u8>,
    pub content_type: String,
}

/// Where uploaded bytes live. Keys are checked with [`valid_key`]: implementations refuse
/// others with `InvalidInput`.
pub trait Storage: Send + Sync {
    /// Stores `bytes` under `key`, replacing what was there; readers see the old or the new
    /// object, never a part of one.
    fn put<'a>(
        &'a self,
        key: &'a str,
        bytes: Vec<u8>,
        content_type: &'a str,
    ) -> StorageFuture<'a, ()>;

    /// The object under `key`, `None` when there is none.
    fn get<'a>(&'a self, key: &'a str) -> StorageFuture<'a, Option<Object>>;

    /// Removes the object under `key`; removing a missing object is not an error.
    fn delete<'a>(&'a self, key: &'a str) -> StorageFuture<'a, ()>;
}

/// Longest key accepted.
const MAX_KEY_LEN: usize = 200;

/// A key is a relative path of lowercase letters, digits, `.`, `_` and `-` in segments
/// separated by `/`; no empty segment and no segment starting with a dot (so no `.`, `..`
/// or hidden and temporary files).
pub fn valid_key(key: &str) -> bool {
    (1..=MAX_KEY_LEN).contains(&key.len())
        && key.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'/' | b'.' | b'_' | b'-')
        })
        && key
            .split('/')
            .all(|segment| !segment.is_empty() && !segment.starts_with('.'))
}

/// The content type of a key's extension (local files keep no metadata; the upload
/// pipeline names every key with the extension of what it wrote).
pub fn content_type_of_key(key: &str) -> &'static str {
    match key.rsplit_once('.').map(|(_, extension)| extension) {
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("png") => "image/png",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("pdf") => "application/pdf",
        _ => "application/octet-stream",
    }
}

fn invalid_key(key: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("invalid storage key {key:?}"),
    )
}

/// A folder on the local disk: `<data_dir>/media/<key>`.
pub struct LocalStorage {
    pub root: PathBuf,
}

impl LocalStorage {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    fn path_of(&self, key: &str) -> io::Result<PathBuf> {
        if valid_key(key) {
            Ok(self.root.join(key))
        } else {
            Err(invalid_key(key))
        }
    }
}

/// Writes to a temporary file beside the target, flushes it to disk, then renames it over
/// the target (a rename within a folder is atomic). Runs on a blocking thread.
async fn write_atomically(path: PathBuf, bytes: Vec<u8>) -> io::Result<()> {
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let folder = path
            .parent()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no parent folder"))?;
        std::fs::create_dir_all(folder)?;
        let temporary = folder.join(format!(".{}.tmp", uuid::Uuid::new_v4().simple()));
        let written = (|| {
            let mut file = std::fs::File::create(&temporary)?;
            file.write_all(&bytes)?;
            file.sync_all()?;
            drop(file);
            std::fs::rename(&temporary, &path)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written
    })
    .await
    .map_err(io::Error::other)?
}

impl Storage for LocalStorage {
    fn put<'a>(
        &'a self,
        key: &'a str,
        bytes: Vec<u8>,
        _content_type: &'a str,
    ) -> StorageFuture<'a, ()> {
        Box::pin(async move {
            let path = self.path_of(key)?;
            write_atomically(path, bytes).await
        })
    }

    fn get<'a>(&'a self, key: &'a str) -> StorageFuture<'a, Option<Object>> {
        Box::pin(async move {
            let path = self.path_of(key)?;
            match tokio::fs::read(&path).await {
                Ok(bytes) => Ok(Some(Object {
                    bytes,
                    content_type: content_type_of_key(key).to_string(),
                })),
                Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
                // A folder where a file was expected is a missing object too.
                Err(_) if path.is_dir() => Ok(None),
                Err(error) => Err(error),
            }
        })
    }

    fn delete<'a>(&'a self, key: &'a str) -> StorageFuture<'a, ()> {
        Box::pin(async move {
            let path = self.path_of(key)?;
            match tokio::fs::remove_file(&path).await {
                Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
                other => other,
            }
        })
    }
}

/// The storage the settings ask for: the local folder `<data_dir>/media` (the only kind in
/// this build). A configured S3 bucket (`TIDEMARK_S3_BUCKET`) stops the start rather than
/// silently writing to the local disk.
pub fn open_storage(settings: &crate::Settings) -> Result<Arc<dyn Storage>, String> {
    if settings.get("TIDEMARK_S3_BUCKET").is_some() {
        return Err(
            "TIDEMARK_S3_BUCKET is set, but this build stores uploads in the data folder only \
             (docs/media.md): unset it"
                .into(),
        );
    }
    let root = settings.data_dir.join("media");
    std::fs::create_dir_all(&root)
        .map_err(|error| format!("the media folder {}: {error}", root.display()))?;
    Ok(Arc::new(LocalStorage::new(root)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_checked() {
        for good in [
            "images/ab12.jpg",
            "images/ab12-480.png",
            "files/x_y.pdf",
            "a",
        ] {
            assert!(valid_key(good), "{good}");
        }
        for bad in [
            "",
            "/etc/passwd",
            "../secret",
            "images/../../secret",
            "images/./a.jpg",
            "images//a.jpg",
            "images/",
            "images/.hidden",
            "Images/A.jpg",
            "images\\a.jpg",
            "images/a b.jpg",
            "images/%2e%2e",
            "c:/x",
            &"a".repeat(201),
        ] {
            assert!(!valid_key(bad), "{bad}");
        }
    }

    #[tokio::test]
    async fn local_storage_puts_gets_and_deletes() {
        let folder = tempfile::tempdir().unwrap();
        let storage = LocalStorage::new(folder.path().join("media"));
        let storage: &dyn Storage = &storage;
        assert_eq!(storage.get("images/a.png").await.unwrap(), None);
        storage
            .put("images/a.png", vec![1, 2, 3], "image/png")
            .await
            .unwrap();
        storage
            .put("images/a.png", vec![4, 5], "image/png")
            .await
            .unwrap();
        assert_eq!(
            storage.get("images/a.png").await.unwrap(),
            Some(Object {
                bytes: vec![4, 5],
                content_type: "image/png".into()
            })
        );
        // No temporary file is left beside it.
        let names: Vec<_> = std::fs::read_dir(folder.path().join("media/images"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.png")]);
        assert_eq!(storage.get("images").await.unwrap(), None);
        storage.delete("images/a.png").await.unwrap();
        storage.delete("images/a.png").await.unwrap();
        assert_eq!(storage.get("images/a.png").await.unwrap(), None);
        let refused = storage.put("../escape.png", vec![1], "image/png").await;
        assert_eq!(refused.unwrap_err().kind(), io::ErrorKind::InvalidInput);
        assert!(!folder.path().join("escape.png").exists());
        assert!(storage.get("/etc/passwd").await.is_err());
    }
}
