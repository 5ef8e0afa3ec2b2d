//! A real SMTP server process for the tests that read the mail the site sends.

/// aiosmtpd's maildir handler with a recipient check: the relay of a domain whose mailbox
/// `bounce…` does not exist.
const REFUSING_RELAY: &str = r#"
from aiosmtpd.handlers import Mailbox


class Refusing(Mailbox):
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if "bounce" in address:
            return "550 5.1.1 <%s>: Recipient address rejected: User unknown" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"
"#;

/// Starts aiosmtpd on a port, writes the port it listens on into a file once it does, and
/// serves. Port 0 takes any free port (no other process can take it in between, as it could a
/// port chosen beforehand); a given port busy for now (a relay that comes back where the site
/// expects it) is tried again for ten seconds.
const LAUNCHER: &str = r#"
import asyncio, importlib, os, sys
from aiosmtpd.smtp import SMTP

port, maildir, handler_path, port_file = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
module, name = handler_path.rsplit(".", 1)
handler = getattr(importlib.import_module(module), name)(maildir)


async def main():
    loop = asyncio.get_running_loop()
    for _ in range(100):
        try:
            server = await loop.create_server(
                lambda: SMTP(handler, data_size_limit=33554432, enable_SMTPUTF8=False),
                "127.0.0.1",
                port,
            )
            break
        except OSError:
            if port == 0:
                raise
            await asyncio.sleep(0.1)
    else:
        raise SystemExit(f"port {port} stayed busy")
    with open(port_file + ".tmp", "w") as out:
        out.write(str(server.sockets[0].getsockname()[1]))
    os.rename(port_file + ".tmp", port_file)
    await server.serve_forever()


asyncio.run(main())
"#;

/// A real SMTP server process (aiosmtpd) writing what it receives into a maildir.
pub struct SmtpServer {
    pub port: u16,
    child: std::process::Child,
    maildir: tempfile::TempDir,
}

impl SmtpServer {
    pub fn start() -> SmtpServer {
        Self::launch(0, "aiosmtpd.handlers.Mailbox")
    }

    /// A server on `port` (a relay that comes back where the site expects it).
    pub fn start_on(port: u16) -> SmtpServer {
        Self::launch(port, "aiosmtpd.handlers.Mailbox")
    }

    /// A server that refuses for good (`550 5.1.1`, as a relay answers for a mailbox that
    /// does not exist) every recipient whose address holds `bounce`, and keeps the rest.
    pub fn start_refusing_bounces() -> SmtpServer {
        Self::launch(0, "refusing_relay.Refusing")
    }

    /// aiosmtpd with `handler` on `port` (0: any free one), once it listens.
    fn launch(port: u16, handler: &str) -> SmtpServer {
        let maildir = tempfile::tempdir().unwrap();
        std::fs::write(maildir.path().join("refusing_relay.py"), REFUSING_RELAY).unwrap();
        std::fs::write(maildir.path().join("launch_smtp.py"), LAUNCHER).unwrap();
        let port_file = maildir.path().join("port");
        let mut child = std::process::Command::new("python3")
            .arg(maildir.path().join("launch_smtp.py"))
            .arg(port.to_string())
            .arg(maildir.path().join("box"))
            .arg(handler)
            .arg(&port_file)
            .env("PYTHONPATH", maildir.path())
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("python3 with aiosmtpd (pip install aiosmtpd)");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let port = loop {
            if let Some(port) = std::fs::read_to_string(&port_file)
                .ok()
                .and_then(|text| text.trim().parse::<u16>().ok())
            {
                break port;
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!("aiosmtpd stopped before it listened ({status})");
            }
            assert!(
                std::time::Instant::now() < deadline,
                "aiosmtpd did not start"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        SmtpServer {
            port,
            child,
            maildir,
        }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// How many messages have arrived.
    pub fn received(&self) -> usize {
        std::fs::read_dir(self.maildir.path().join("box/new")).map_or(0, |entries| entries.count())
    }

    /// The decoded text of the first message to `to` whose text contains `needle`.
    pub async fn wait_for(&self, to: &str, needle: &str) -> String {
        let new = self.maildir.path().join("box/new");
        for _ in 0..150 {
            if let Ok(entries) = std::fs::read_dir(&new) {
                for entry in entries.flatten() {
                    let raw = std::fs::read_to_string(entry.path()).unwrap_or_default();
                    let text = decode_mail(&raw);
                    if raw.contains(to) && text.contains(needle) {
                        return text;
                    }
                }
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no mail to {to} containing {needle:?} arrived");
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Headers as they are, the body decoded from base64 or quoted-printable; each part of a
/// multipart message decoded so, after its own headers.
fn decode_mail(raw: &str) -> String {
    use base64::Engine;
    let (head, body) = raw
        .split_once("\n\n")
        .or_else(|| raw.split_once("\r\n\r\n"))
        .unwrap_or((raw, ""));
    let lower = head.to_ascii_lowercase();
    let boundary = lower.find("boundary=").map(|at| {
        head[at + "boundary=".len()..]
            .trim_start_matches('"')
            .split(['"', ';', '\r', '\n'])
            .next()
            .unwrap_or_default()
            .to_string()
    });
    if let Some(boundary) = boundary.filter(|b| !b.is_empty()) {
        let parts: Vec<String> = body
            .split(&format!("--{boundary}"))
            .skip(1)
            .filter(|part| !part.starts_with("--"))
            .map(|part| decode_mail(part.trim_start_matches(['\r', '\n'])))
            .collect();
        return format!("{head}\n\n{}", parts.join("\n"));
    }
    let decoded = if lower.contains("content-transfer-encoding: base64") {
        let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        String::from_utf8_lossy(
            &base64::engine::general_purpose::STANDARD
                .decode(compact)
                .unwrap_or_default(),
        )
        .into_owned()
    } else if lower.contains("content-transfer-encoding: quoted-printable") {
        let joined = body.replace("=\r\n", "").replace("=\n", "");
        let bytes = joined.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'=' && i + 2 < bytes.len() {
                if let Ok(byte) = u8::from_str_radix(&joined[i + 1..i + 3], 16) {
                    out.push(byte);
                    i += 3;
                    continue;
                }
            }
            out.push(bytes[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    } else {
        body.to_string()
    };
    format!("{head}\n\n{decoded}")
}
