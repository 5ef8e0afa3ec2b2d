//! Fetching pages and images of the open web for a writer (a link card's page and picture, a
//! video's details and thumbnail): public addresses only, within a time and a size.
//!
//! Every hop is checked before it is asked: `http` or `https` on their usual ports, no user
//! information, and every address the host names (an address written in the link, or each
//! address DNS answers) a public one ([`public::is_public`]); the connection is then made to
//! exactly the addresses checked, so a second DNS answer cannot point it elsewhere. Redirects
//! are followed by hand, each one checked the same way. The body is read up to a limit and no
//! further. `TIDEMARK_FETCH_ALLOW` names addresses that are not public and may be reached all
//! the same (tests and local demos; refused in production).

pub mod public;

use reqwest::header::{ACCEPT, CONTENT_LENGTH, CONTENT_TYPE, LOCATION};
use reqwest::Url;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

/// How long a whole fetch may take, redirects and body included.
pub const TIME_LIMIT: Duration = Duration::from_secs(8);
/// How long connecting to one address may take.
const CONNECT_LIMIT: Duration = Duration::from_secs(3);
/// Redirects followed before giving up.
const MOST_REDIRECTS: usize = 4;

/// Why nothing was fetched, in the product's words (the writer reads them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The address is not one the server fetches (a private, loopback or link-local one, another
    /// scheme or port, user information).
    NotPublic(String),
    /// The answer was larger than the limit.
    TooLarge { limit: usize },
    /// No answer within [`TIME_LIMIT`].
    TooSlow,
    /// The site answered with an error, too many redirects, or could not be reached.
    Failed(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotPublic(why) => write!(f, "this address cannot be fetched: {why}"),
            Refusal::TooLarge { limit } => {
                write!(f, "the answer is larger than {} KB", limit / 1024)
            }
            Refusal::TooSlow => write!(f, "the site did not answer in time"),
            Refusal::Failed(why) => write!(f, "the site could not be read: {why}"),
        }
    }
}

/// What a fetch brought back.
#[derive(Debug)]
pub struct Fetched {
    /// The address that answered, after redirects.
    pub url: Url,
    /// Its `Content-Type`, lower case, without parameters.
    pub content_type: String,
    /// Its `charset` parameter, if any.
    pub charset: Option<String>,
    pub body: Vec<u8>,
    /// Whether the body stopped at the limit (only when the caller accepts a part).
    pub cut: bool,
}

/// How much of a body a caller takes.
#[derive(Debug, Clone, Copy)]
pub enum Limit {
    /// At most this many bytes, or the fetch is refused.
    Whole(usize),
    /// The first this many bytes (a page's head is at its start).
    Start(usize),
}

/// The fetcher, with its exceptions to the public-address rule and its time limit.
#[derive(Debug, Clone)]
pub struct Fetcher {
    allowed: Vec<SocketAddr>,
    time_limit: Duration,
}

impl Default for Fetcher {
    fn default() -> Fetcher {
        Fetcher::new(Vec::new())
    }
}

impl Fetcher {
    /// A fetcher that may also reach `allowed` (exact addresses and ports).
    pub fn new(allowed: Vec<SocketAddr>) -> Fetcher {
        Fetcher {
            allowed,
            time_limit: TIME_LIMIT,
        }
    }

    /// The same with another time limit than [`TIME_LIMIT`] (tests).
    pub fn with_time_limit(self, time_limit: Duration) -> Fetcher {
        Fetcher { time_limit, ..self }
    }

    /// `GET link` asking for `accept`, following redirects, within the time limit.
    pub async fn get(&self, link: &str, accept: &str, limit: Limit) -> Result<Fetched, Refusal> {
        match tokio::time::timeout(self.time_limit, self.follow(link, accept, limit)).await {
            Ok(answer) => answer,
            Err(_) => Err(Refusal::TooSlow),
        }
    }

    async fn follow(&self, link: &str, accept: &str, limit: Limit) -> Result<Fetched, Refusal> {
        let mut url = Url::parse(link.trim())
            .map_err(|_| Refusal::NotPublic("it is not a web address".into()))?;
        for _ in 0..=MOST_REDIRECTS {
            let addresses = self.checked(&url).await?;
            let response = ask(&url, &addresses, accept).await?;
            let status = response.status();
            if status.is_redirection() {
                let location = response
                    .headers()
                    .get(LOCATION)
                    .and_then(|value| value.to_str().ok())
                    .ok_or_else(|| Refusal::Failed("a redirect without an address".into()))?;
                url = url.join(location).map_err(|_| {
                    Refusal::Failed("a redirect to an address that is not valid".into())
                })?;
                continue;
            }
            if !status.is_success() {
                return Err(Refusal::Failed(format!("it answered {}", status.as_u16())));
            }
            return read(url, response, limit).await;
        }
        Err(Refusal::Failed(format!(
            "more than {MOST_REDIRECTS} redirects"
        )))
    }

    /// The addresses `url` may be fetched from: all of its host's, each public or allowed.
    async fn checked(&self, url: &Url) -> Result<Vec<SocketAddr>, Refusal> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(Refusal::NotPublic(format!(
                "{}: is not http or https",
                url.scheme()
            )));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Refusal::NotPublic("it names a user".into()));
        }
        let port = url
            .port_or_known_default()
            .ok_or_else(|| Refusal::NotPublic("it has no port".into()))?;
        let addresses: Vec<SocketAddr> = match url.host() {
            Some(url::Host::Ipv4(ip)) => vec![SocketAddr::new(IpAddr::V4(ip), port)],
            Some(url::Host::Ipv6(ip)) => vec![SocketAddr::new(IpAddr::V6(ip), port)],
            Some(url::Host::Domain(name)) => tokio::net::lookup_host((name, port))
                .await
                .map_err(|_| Refusal::Failed(format!("{name} has no address")))?
                .collect(),
            None => return Err(Refusal::NotPublic("it has no host".into())),
        };
        if addresses.is_empty() {
            return Err(Refusal::Failed("the host has no address".into()));
        }
        let usual_port = url.port().is_none() || matches!(port, 80 | 443);
        for address in &addresses {
            let public = usual_port && public::is_public(address.ip());
            if !public && !self.allowed.contains(address) {
                return Err(Refusal::NotPublic(format!(
                    "{} is not a public address",
                    address
                )));
            }
        }
        Ok(addresses)
    }
}

/// One request to `url`, connecting only to `addresses`.
async fn ask(
    url: &Url,
    addresses: &[SocketAddr],
    accept: &str,
) -> Result<reqwest::Response, Refusal> {
    crate::kernel::tls::use_ring();
    let mut builder = reqwest::Client::builder()
        .connect_timeout(CONNECT_LIMIT)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!(
            "Mozilla/5.0 (compatible; Tidemark/",
            env!("CARGO_PKG_VERSION"),
            "; link preview)"
        ));
    if let Some(url::Host::Domain(name)) = url.host() {
        builder = builder.resolve_to_addrs(name, addresses);
    }
    let client = builder
        .build()
        .map_err(|error| Refusal::Failed(format!("no HTTP client: {error}")))?;
    client
        .get(url.clone())
        .header(ACCEPT, accept)
        .header("Accept-Language", "ko-KR,ko;q=0.9,en;q=0.8")
        .send()
        .await
        .map_err(|error| {
            if error.is_timeout() {
                Refusal::TooSlow
            } else {
                Refusal::Failed("it could not be reached".into())
            }
        })
}

/// The body of `response`, within `limit`.
async fn read(url: Url, mut response: reqwest::Response, limit: Limit) -> Result<Fetched, Refusal> {
    let most = match limit {
        Limit::Whole(most) | Limit::Start(most) => most,
    };
    let declared = response
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    if matches!(limit, Limit::Whole(_)) && declared.is_some_and(|length| length > most) {
        return Err(Refusal::TooLarge { limit: most });
    }
    let (content_type, charset) = content_type(response.headers().get(CONTENT_TYPE));
    let mut body = Vec::new();
    let mut cut = false;
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|_| Refusal::Failed("the answer broke off".into()))?
    {
        let room = most - body.len();
        if chunk.len() > room {
            if matches!(limit, Limit::Whole(_)) {
                return Err(Refusal::TooLarge { limit: most });
            }
            body.extend_from_slice(&chunk[..room]);
            cut = true;
            break;
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Fetched {
        url,
        content_type,
        charset,
        body,
        cut,
    })
}

/// `text/html; charset=EUC-KR` as (`text/html`, `euc-kr`).
fn content_type(value: Option<&reqwest::header::HeaderValue>) -> (String, Option<String>) {
    let Some(value) = value.and_then(|value| value.to_str().ok()) else {
        return (String::new(), None);
    };
    let mut parts = value.split(';');
    let kind = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
    let charset = parts.find_map(|part| {
        let (name, value) = part.split_once('=')?;
        (name.trim().eq_ignore_ascii_case("charset"))
            .then(|| value.trim().trim_matches('"').to_ascii_lowercase())
    });
    (kind, charset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_are_read_with_their_charset() {
        let value = reqwest::header::HeaderValue::from_static("Text/HTML; Charset=\"EUC-KR\"");
        assert_eq!(
            content_type(Some(&value)),
            ("text/html".to_string(), Some("euc-kr".to_string()))
        );
        assert_eq!(content_type(None), (String::new(), None));
    }

    #[tokio::test]
    async fn addresses_that_are_not_public_are_refused_before_any_request() {
        let fetcher = Fetcher::default();
        for link in [
            "http://127.0.0.1/",
            "http://localhost/",
            "http://169.254.169.254/latest/meta-data/",
            "http://10.0.0.1/",
            "http://192.168.0.1/",
            "http://[::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://0.0.0.0/",
            "http://2130706433/",
            "http://0x7f.1/",
            "ftp://example.com/",
            "file:///etc/passwd",
            "http://user:pass@example.com/",
            "http://93.184.215.14:22/",
        ] {
            let refusal = fetcher.get(link, "*/*", Limit::Whole(1024)).await;
            assert!(
                matches!(refusal, Err(Refusal::NotPublic(_))),
                "{link}: {refusal:?}"
            );
        }
    }
}
