//! Video embeds: which players a post may hold, read from the links writers paste.
//!
//! [`PROVIDERS`] is the one list: each entry is a rule that reads the provider's page links and
//! player addresses and writes the player's one canonical address. The editor turns a pasted
//! link into a video block with [`video_of`]; the server's sanitiser keeps an `<iframe>` only
//! when [`canonical_player`] recognises its address, and writes that address; the pages'
//! `frame-src` lists [`frame_origins`]. Adding a provider is an entry here and its test.

/// What a player needs of its frame, and nothing more: its scripts and its own origin's
/// storage (the players refuse to run without them), full screen, and links opened in a new
/// window (the provider's own page).
pub const SANDBOX: &str =
    "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox";

/// The features a player may use (`allow`): playing at the reader's click, protected media,
/// full screen and picture-in-picture.
pub const ALLOW: &str = "autoplay; encrypted-media; fullscreen; picture-in-picture";

/// The referrer a player is sent: the site's origin, never the post's address.
pub const REFERRER_POLICY: &str = "strict-origin-when-cross-origin";

/// A video service whose player a post may embed.
#[derive(Debug)]
pub struct Provider {
    /// Its word in the API and the markup: `youtube`, `vimeo`, `navertv`.
    pub name: &'static str,
    /// Its name as readers know it.
    pub label: &'static str,
    /// The origin its player is served from (the pages' `frame-src`).
    pub frame_origin: &'static str,
    /// Its oEmbed endpoint, to which the link is appended (escaped): the title and thumbnail.
    pub oembed: &'static str,
    /// The clip a link names, if it is one of this provider's.
    read: fn(&Address<'_>) -> Option<Clip>,
    /// The player's address for a clip.
    player: fn(&Clip) -> String,
    /// The clip's page, where a reader without the player watches it (feeds).
    page: fn(&Clip) -> String,
    /// The query parameter that starts the player at once (added after a reader's click).
    autoplay: &'static str,
}

/// Every provider, in the order the editor lists them.
pub static PROVIDERS: [Provider; 3] = [
    Provider {
        name: "youtube",
        label: "YouTube",
        // The privacy-enhanced player: no cookies until the reader plays.
        frame_origin: "https://www.youtube-nocookie.com",
        oembed: "https://www.youtube.com/oembed?format=json&url=",
        read: youtube,
        player: |clip| {
            let start = clip
                .start
                .map(|s| format!("?start={s}"))
                .unwrap_or_default();
            format!("https://www.youtube-nocookie.com/embed/{}{start}", clip.id)
        },
        page: |clip| {
            let start = clip.start.map(|s| format!("&t={s}s")).unwrap_or_default();
            format!("https://www.youtube.com/watch?v={}{start}", clip.id)
        },
        autoplay: "autoplay=1",
    },
    Provider {
        name: "vimeo",
        label: "Vimeo",
        frame_origin: "https://player.vimeo.com",
        oembed: "https://vimeo.com/api/oembed.json?url=",
        read: vimeo,
        // `dnt=1`: the player sets no tracking cookies.
        player: |clip| match &clip.key {
            Some(key) => format!("https://player.vimeo.com/video/{}?h={key}&dnt=1", clip.id),
            None => format!("https://player.vimeo.com/video/{}?dnt=1", clip.id),
        },
        page: |clip| match &clip.key {
            Some(key) => format!("https://vimeo.com/{}/{key}", clip.id),
            None => format!("https://vimeo.com/{}", clip.id),
        },
        autoplay: "autoplay=1",
    },
    Provider {
        name: "navertv",
        label: "네이버TV",
        frame_origin: "https://tv.naver.com",
        oembed: "https://tv.naver.com/oembed?format=json&url=",
        read: naver_tv,
        player: |clip| format!("https://tv.naver.com/embed/{}", clip.id),
        page: |clip| format!("https://tv.naver.com/v/{}", clip.id),
        autoplay: "autoPlay=true",
    },
];

/// The origins of every provider's player, for the pages' `frame-src`.
pub fn frame_origins() -> impl Iterator<Item = &'static str> {
    PROVIDERS.iter().map(|provider| provider.frame_origin)
}

/// One clip of one provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Video {
    pub provider: &'static Provider,
    clip: Clip,
}

impl PartialEq for Provider {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for Provider {}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Clip {
    /// The provider's id of the clip.
    id: String,
    /// Vimeo's key of an unlisted clip.
    key: Option<String>,
    /// Where to start, in seconds (YouTube's `t`).
    start: Option<u32>,
}

impl Video {
    /// The player's canonical address: what a stored `<iframe>` holds.
    pub fn player(&self) -> String {
        (self.provider.player)(&self.clip)
    }

    /// The player's address once a reader has asked it to play.
    pub fn player_playing(&self) -> String {
        let player = self.player();
        let join = if player.contains('?') { '&' } else { '?' };
        format!("{player}{join}{}", self.provider.autoplay)
    }

    /// The clip's page on the provider's site.
    pub fn page(&self) -> String {
        (self.provider.page)(&self.clip)
    }

    /// The provider's oEmbed address for this clip.
    pub fn oembed(&self) -> String {
        format!(
            "{}{}",
            self.provider.oembed,
            crate::route::encode_component(&self.page())
        )
    }
}

/// The video a link names: a provider's page (`youtube.com/watch?v=…`, `youtu.be/…`,
/// `vimeo.com/…`, `tv.naver.com/v/…`) or its player's address. `None` for anything else.
pub fn video_of(link: &str) -> Option<Video> {
    let address = Address::parse(link.trim())?;
    PROVIDERS
        .iter()
        .find_map(|provider| (provider.read)(&address).map(|clip| Video { provider, clip }))
}

/// The canonical address of a player `src`, if it is one of [`PROVIDERS`]' (any spelling they
/// accept is rewritten to theirs: YouTube's to its privacy-enhanced domain).
pub fn canonical_player(src: &str) -> Option<String> {
    video_of(src).map(|video| video.player())
}

/// An `http`/`https` address, read strictly: no user information, no white space or control
/// characters, a host of letters, digits, `-` and `.`.
#[derive(Debug)]
struct Address<'a> {
    /// Lower case, without a leading `www.` or `m.`.
    host: String,
    /// The path, from its first `/`.
    path: &'a str,
    /// The query, without its `?`.
    query: &'a str,
}

impl<'a> Address<'a> {
    fn parse(link: &'a str) -> Option<Address<'a>> {
        // Byte by byte, not Unicode's tables: a provider's link is ASCII, and the browser's
        // module stays small.
        if link.len() > 2048 || link.bytes().any(|b| b <= b' ' || b == 0x7f) {
            return None;
        }
        let lower = link.get(..8).unwrap_or(link).to_ascii_lowercase();
        let rest = if lower.starts_with("https://") {
            &link[8..]
        } else if lower.starts_with("http://") {
            &link[7..]
        } else {
            // Without a scheme, as people paste them (`youtu.be/…`), or protocol-relative.
            link.strip_prefix("//").unwrap_or(link)
        };
        let end = rest
            .bytes()
            .position(|b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(rest.len());
        let authority = &rest[..end];
        let host = match authority.bytes().rposition(|b| b == b':') {
            Some(at) if authority[at + 1..].bytes().all(|b| b.is_ascii_digit()) => &authority[..at],
            Some(_) => return None,
            None => authority,
        };
        if host.is_empty()
            || !host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
        {
            // `@` (user information) and every other character end here too.
            return None;
        }
        let host = host.to_ascii_lowercase();
        let host = match host
            .strip_prefix("www.")
            .or_else(|| host.strip_prefix("m."))
        {
            Some(bare) => bare.to_string(),
            None => host,
        };
        let rest = &rest[end..];
        let rest = &rest[..rest.bytes().position(|b| b == b'#').unwrap_or(rest.len())];
        let (path, query) = match rest.bytes().position(|b| b == b'?') {
            Some(at) => (&rest[..at], &rest[at + 1..]),
            None => (rest, ""),
        };
        Some(Address { host, path, query })
    }

    /// The query's value of `name` (the first).
    fn param(&self, name: &str) -> Option<&'a str> {
        self.query.split('&').find_map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (key == name).then_some(value)
        })
    }

    /// The path's segment `at`, empty ones left out.
    fn segment(&self, at: usize) -> Option<&'a str> {
        self.path
            .split('/')
            .filter(|segment| !segment.is_empty())
            .nth(at)
    }
}

fn youtube(address: &Address<'_>) -> Option<Clip> {
    let id = match address.host.as_str() {
        "youtu.be" => address.segment(0)?,
        "youtube.com" | "youtube-nocookie.com" => match address.segment(0)? {
            "watch" => address.param("v")?,
            "embed" | "shorts" | "live" | "v" => address.segment(1)?,
            _ => return None,
        },
        _ => return None,
    };
    let valid = id.len() == 11
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'));
    valid.then(|| Clip {
        id: id.to_string(),
        key: None,
        start: address
            .param("t")
            .or_else(|| address.param("start"))
            .and_then(seconds),
    })
}

/// `90`, `90s`, `1m30s`, `1h2m3s` as seconds; `None` for zero or anything else.
fn seconds(value: &str) -> Option<u32> {
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        return value.parse().ok().filter(|&s| s > 0);
    }
    let mut total: u32 = 0;
    let mut number = String::new();
    for c in value.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'h' => 3600,
            'm' => 60,
            's' => 1,
            _ => return None,
        };
        let n: u32 = number.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        number.clear();
    }
    (number.is_empty() && total > 0).then_some(total)
}

fn digits(value: &str, most: usize) -> bool {
    (1..=most).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit())
}

fn vimeo(address: &Address<'_>) -> Option<Clip> {
    let key_ok =
        |key: &str| (6..=20).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_hexdigit());
    let (id, key) = match (address.host.as_str(), address.segment(0)?) {
        ("player.vimeo.com", "video") => (address.segment(1)?, address.param("h")),
        ("vimeo.com", "channels") => (address.segment(2)?, None),
        ("vimeo.com", first) => (first, address.segment(1)),
        _ => return None,
    };
    if !digits(id, 12) {
        return None;
    }
    let key = match key {
        Some(key) if key_ok(key) => Some(key.to_ascii_lowercase()),
        Some(_) => return None,
        None => None,
    };
    Some(Clip {
        id: id.to_string(),
        key,
        start: None,
    })
}

fn naver_tv(address: &Address<'_>) -> Option<Clip> {
    if address.host != "tv.naver.com" {
        return None;
    }
    let id = match address.segment(0)? {
        "v" | "embed" | "h" => address.segment(1)?,
        _ => return None,
    };
    digits(id, 12).then(|| Clip {
        id: id.to_string(),
        key: None,
        start: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(link: &str) -> Option<String> {
        video_of(link).map(|video| video.player())
    }

    #[test]
    fn youtube_links_become_its_privacy_enhanced_player() {
        let expected = Some("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ".to_string());
        for link in [
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
            "https://m.youtube.com/watch?v=dQw4w9WgXcQ#comments",
            "http://youtu.be/dQw4w9WgXcQ",
            "youtu.be/dQw4w9WgXcQ?si=abc",
            "https://www.youtube.com/shorts/dQw4w9WgXcQ",
            "https://www.youtube.com/live/dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ",
            "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
            "  HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ ",
        ] {
            assert_eq!(player(link), expected, "{link}");
        }
        assert_eq!(
            player("https://youtu.be/dQw4w9WgXcQ?t=1m30s").as_deref(),
            Some("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90")
        );
        let video = video_of("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42").unwrap();
        assert_eq!(
            video.page(),
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s"
        );
        assert_eq!(
            video.player_playing(),
            "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42&autoplay=1"
        );
        assert_eq!(
            video.oembed(),
            "https://www.youtube.com/oembed?format=json&url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ%26t%3D42s"
        );
    }

    #[test]
    fn vimeo_links_become_its_player_without_tracking() {
        assert_eq!(
            player("https://vimeo.com/76979871").as_deref(),
            Some("https://player.vimeo.com/video/76979871?dnt=1")
        );
        assert_eq!(
            player("https://vimeo.com/channels/staffpicks/76979871").as_deref(),
            Some("https://player.vimeo.com/video/76979871?dnt=1")
        );
        // An unlisted clip keeps its key.
        assert_eq!(
            player("https://vimeo.com/76979871/A1b2C3d4e5").as_deref(),
            Some("https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&dnt=1")
        );
        assert_eq!(
            player("https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&dnt=1&autoplay=1")
                .as_deref(),
            Some("https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&dnt=1")
        );
        assert_eq!(
            video_of("https://vimeo.com/76979871").unwrap().page(),
            "https://vimeo.com/76979871"
        );
    }

    #[test]
    fn naver_tv_links_become_its_player() {
        for link in [
            "https://tv.naver.com/v/23456789",
            "https://m.tv.naver.com/v/23456789?query=x",
            "https://tv.naver.com/embed/23456789?autoPlay=true",
            "https://tv.naver.com/h/23456789",
        ] {
            assert_eq!(
                player(link).as_deref(),
                Some("https://tv.naver.com/embed/23456789"),
                "{link}"
            );
        }
        let video = video_of("https://tv.naver.com/v/23456789").unwrap();
        assert_eq!(video.provider.label, "네이버TV");
        assert_eq!(
            video.player_playing(),
            "https://tv.naver.com/embed/23456789?autoPlay=true"
        );
    }

    #[test]
    fn anything_else_is_no_video() {
        for link in [
            "",
            "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "https://evil.example/embed/dQw4w9WgXcQ",
            "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
            "https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ",
            "https://user@youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com:evil/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/watch?v=short",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ<",
            "https://www.youtube.com/watch?v=dQw4w9W%67XcQ",
            "https://www.youtube.com/watch\t?v=dQw4w9WgXcQ",
            "https://www.youtube.com/channel/UC123",
            "https://vimeo.com/about",
            "https://vimeo.com/76979871/not-a-key!",
            "https://tv.naver.com/v/abc",
            "https://naver.com/v/23456789",
            "ftp://youtu.be/dQw4w9WgXcQ",
        ] {
            assert_eq!(player(link), None, "{link}");
        }
    }

    #[test]
    fn canonical_players_stay_as_they_are() {
        for provider in &PROVIDERS {
            assert!(provider.frame_origin.starts_with("https://"));
        }
        for link in [
            "https://youtu.be/dQw4w9WgXcQ?t=90",
            "https://vimeo.com/76979871/a1b2c3d4e5",
            "https://tv.naver.com/v/23456789",
        ] {
            let once = canonical_player(link).unwrap();
            assert_eq!(canonical_player(&once).as_deref(), Some(once.as_str()));
            let origin = frame_origins().find(|origin| once.starts_with(origin));
            assert!(origin.is_some(), "{once} is served from a listed origin");
        }
    }

    #[test]
    fn start_times_read_as_people_write_them() {
        assert_eq!(seconds("90"), Some(90));
        assert_eq!(seconds("90s"), Some(90));
        assert_eq!(seconds("1h2m3s"), Some(3723));
        assert_eq!(seconds("0"), None);
        assert_eq!(seconds("1x"), None);
        assert_eq!(seconds("1m3"), None);
        assert_eq!(seconds(""), None);
    }
}
