//! The `tidemark` command: the server, and the operators' commands ([`tidemark_server::cli`]).

/// mimalloc instead of glibc's malloc: faster for the many small allocations of a page made
/// on a miss, and it gives freed memory back instead of keeping it in per-thread arenas.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tidemark_server::cli::run().await
}
