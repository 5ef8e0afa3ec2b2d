//! Where uploaded bytes live: an interface of three calls (put, get, delete) by key, and its
//! two implementations: a folder under the data directory (the default), and a bucket of
//! S3-compatible object storage (`TIDEMARK_S3_BUCKET`), for servers that scale out.
//!
//! The interface is object-safe and speaks only keys, bytes and content types; keys, rows and
//! addresses are the same whichever storage holds the bytes.

use crate::settings::{self, Setting};
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

/// A bucket of S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …) through the
/// `object_store` crate. Keys go under an optional prefix; each object keeps its content type
/// as object metadata. A PutObject is atomic by nature: readers see the old object or the new.
pub struct S3Storage {
    store: object_store::aws::AmazonS3,
    prefix: String,
}

/// What [`S3Storage::connect`] needs; the credentials may also come from the usual `AWS_*`
/// environment variables or the instance's role.
#[derive(Clone, Debug, Default)]
pub struct S3Config {
    pub bucket: String,
    /// For S3-compatible services: `http(s)://host:port` (path-style requests are used).
    pub endpoint: Option<String>,
    /// `None`: [`settings::S3_REGION`]'s default.
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    /// Keys are stored under `<prefix>/`.
    pub prefix: Option<String>,
}

impl S3Storage {
    pub fn connect(config: &S3Config) -> Result<Self, String> {
        let bucket = config.bucket.trim();
        if bucket.is_empty() {
            return Err(format!("{} is empty", settings::S3_BUCKET.name));
        }
        // An upload waits at most about 15 s for a bucket that does not answer, then fails
        // with a clear error (the defaults retry for minutes).
        let retry = object_store::RetryConfig {
            max_retries: 2,
            retry_timeout: std::time::Duration::from_secs(10),
            ..Default::default()
        };
        crate::kernel::tls::use_ring();
        let client = object_store::ClientOptions::new()
            .with_connect_timeout(std::time::Duration::from_secs(3))
            .with_timeout(std::time::Duration::from_secs(30));
        let mut builder = object_store::aws::AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .with_region(
                config
                    .region
                    .as_deref()
                    .or(settings::S3_REGION.default_text())
                    .unwrap_or_default(),
            )
            .with_retry(retry)
            .with_client_options(client);
        if let Some(endpoint) = config.endpoint.as_deref() {
            if !(endpoint.starts_with("http://") || endpoint.starts_with("https://")) {
                return Err(format!(
                    "{} must start with http:// or https://",
                    settings::S3_ENDPOINT.name
                ));
            }
            builder = builder
                .with_endpoint(endpoint.trim_end_matches('/'))
                .with_allow_http(endpoint.starts_with("http://"))
                .with_virtual_hosted_style_request(false);
        }
        if let Some(id) = &config.access_key_id {
            builder = builder.with_access_key_id(id);
        }
        if let Some(secret) = &config.secret_access_key {
            builder = builder.with_secret_access_key(secret);
        }
        let prefix = config
            .prefix
            .as_deref()
            .map(|p| p.trim_matches('/'))
            .unwrap_or("");
        if !prefix.is_empty() && !valid_key(prefix) {
            return Err(format!(
                "{} may hold only a-z, 0-9, '/', '.', '_' and '-'",
                settings::S3_PREFIX.name
            ));
        }
        // The builder's errors name settings, never their values.
        let store = builder
            .build()
            .map_err(|error| format!("S3 storage: {error}"))?;
        Ok(S3Storage {
            store,
            prefix: prefix.to_string(),
        })
    }

    fn path_of(&self, key: &str) -> io::Result<object_store::path::Path> {
        if !valid_key(key) {
            return Err(invalid_key(key));
        }
        let full = if self.prefix.is_empty() {
            key.to_string()
        } else {
            format!("{}/{key}", self.prefix)
        };
        object_store::path::Path::parse(full).map_err(|_| invalid_key(key))
    }
}

fn s3_error(error: object_store::Error) -> io::Error {
    io::Error::other(format!("S3 storage: {error}"))
}

impl Storage for S3Storage {
    fn put<'a>(
        &'a self,
        key: &'a str,
        bytes: Vec<u8>,
        content_type: &'a str,
    ) -> StorageFuture<'a, ()> {
        Box::pin(async move {
            use object_store::{Attribute, Attributes, ObjectStore, PutOptions};
            let path = self.path_of(key)?;
            let mut attributes = Attributes::new();
            attributes.insert(Attribute::ContentType, content_type.to_string().into());
            let options = PutOptions {
                attributes,
                ..Default::default()
            };
            self.store
                .put_opts(&path, bytes.into(), options)
                .await
                .map(|_| ())
                .map_err(s3_error)
        })
    }

    fn get<'a>(&'a self, key: &'a str) -> StorageFuture<'a, Option<Object>> {
        Box::pin(async move {
            use object_store::{Attribute, ObjectStoreExt};
            let path = self.path_of(key)?;
            let found = match self.store.get(&path).await {
                Ok(found) => found,
                Err(object_store::Error::NotFound { .. }) => return Ok(None),
                Err(error) => return Err(s3_error(error)),
            };
            let content_type = found
                .attributes
                .get(&Attribute::ContentType)
                .map(|value| value.to_string())
                .unwrap_or_else(|| content_type_of_key(key).to_string());
            let bytes = found.bytes().await.map_err(s3_error)?;
            Ok(Some(Object {
                bytes: bytes.to_vec(),
                content_type,
            }))
        })
    }

    fn delete<'a>(&'a self, key: &'a str) -> StorageFuture<'a, ()> {
        Box::pin(async move {
            use object_store::ObjectStoreExt;
            let path = self.path_of(key)?;
            match self.store.delete(&path).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(error) => Err(s3_error(error)),
            }
        })
    }
}

/// The storage the settings ask for: a bucket when `TIDEMARK_S3_BUCKET` is set (with
/// `TIDEMARK_S3_ENDPOINT`, `_REGION`, `_ACCESS_KEY_ID`, `_SECRET_ACCESS_KEY`, `_PREFIX`),
/// otherwise the local folder `<data_dir>/media`.
pub fn open_storage(settings: &crate::settings::Settings) -> Result<Arc<dyn Storage>, String> {
    if let Some(bucket) = settings.text(&settings::S3_BUCKET) {
        let setting = |setting: &Setting| settings.text(setting).map(str::to_string);
        let config = S3Config {
            bucket: bucket.to_string(),
            endpoint: setting(&settings::S3_ENDPOINT),
            region: setting(&settings::S3_REGION),
            access_key_id: setting(&settings::S3_ACCESS_KEY_ID),
            secret_access_key: setting(&settings::S3_SECRET_ACCESS_KEY),
            prefix: setting(&settings::S3_PREFIX),
        };
        let storage = S3Storage::connect(&config)?;
        tracing::info!(bucket, "uploads are stored in S3-compatible object storage");
        return Ok(Arc::new(storage));
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
