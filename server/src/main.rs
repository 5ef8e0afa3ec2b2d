//! The `tidemark` command: the server, and the operators' commands ([`tidemark_server::cli`]).

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tidemark_server::cli::run().await
}
