//! The `tidemark` command: the server, and the operators' commands ([`tidemark_server::cli`]).

/// mimalloc instead of glibc's malloc: faster for the many small allocations of a page made
/// on a miss, and it gives freed memory back instead of keeping it in per-thread arenas.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How long mimalloc keeps freed memory before giving it back to the system, in ms. Its
/// default of 1 s held some 130 MB more resident through the readers' benchmark on 20,000
/// posts (peak 886 MB against 757 MB); 10 ms held less still (667 MB) but made a page built
/// on a miss half as slow again (0.9 ms against 0.6 ms) by giving memory back and faulting it
/// in again (docs/performance.md, "Readers' traffic"). `MIMALLOC_PURGE_DELAY` in the
/// environment still wins.
const PURGE_DELAY_MS: std::ffi::c_long = 100;
/// `mi_option_purge_delay` in mimalloc 3's `mimalloc.h` (the bindings do not name it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> std::process::ExitCode {
    // SAFETY: sets a default of mimalloc's, before any thread but this one exists; mimalloc
    // reads its options atomically.
    unsafe {
        libmimalloc_sys::mi_option_set_default(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
    }
    give_back_sqlite_s_memory();
    tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(blocking_threads())
        .enable_all()
        .build()
        .expect("the async runtime starts")
        .block_on(tidemark_server::cli::run())
}

/// Threads for blocking work (searches, compressing answers better, the index's writes,
/// password hashing, files): four for each core, eight at least. Tokio's default of 512 let
/// sixteen readers' searches run on as many threads at once on two cores, no faster, each
/// with its own allocator heap: with the crawler beside them, resident memory rose some
/// 180 MB while they searched at 100,000 posts (docs/performance-journal.md, twelfth step).
fn blocking_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    (4 * cores).max(8)
}

/// SQLite's memory (glibc's malloc) in one arena instead of one per thread that touches it:
/// each connection of the pool runs on a thread of its own, and the minute's rescoring,
/// which has the pages of the most read posts made again at once, left some 30 MB free in
/// the arenas of those threads until the next trim (the readers' benchmark's peak at
/// 100,000 posts; docs/performance-journal.md, eighteenth step). SQLite takes a lock of its own
/// around every allocation (it counts them against its heap limit), so one arena adds no
/// waiting: the readers' benchmark served as many pages with it.
#[cfg(target_env = "gnu")]
const SQLITE_ARENAS: std::ffi::c_int = 1;

/// How often glibc's malloc is asked to give its free pages back to the system.
#[cfg(target_env = "gnu")]
const TRIM_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// SQLite allocates with glibc's malloc, not mimalloc: its page caches and, at start, the
/// sorts and reads of loading the catalogue and the suggestions. glibc keeps what is freed in
/// the arena of the thread that freed it and gives back only the top of an arena, so after a
/// start on 100,000 posts 120 MB of arenas held 52 MB in use; `malloc_trim` gives the free
/// pages of every arena back (63 MB there; docs/performance-journal.md, "Fifth step"). A thread of
/// its own does it every ten seconds, off the async runtime.
#[cfg(target_env = "gnu")]
fn give_back_sqlite_s_memory() {
    // SAFETY: called before any other thread exists. An operator's `GLIBC_TUNABLES` in the
    // environment is left to decide.
    unsafe {
        if std::env::var_os("GLIBC_TUNABLES").is_none() {
            libc::mallopt(libc::M_ARENA_MAX, SQLITE_ARENAS);
        }
    }
    let trim = || loop {
        std::thread::sleep(TRIM_EVERY);
        // SAFETY: malloc_trim only takes each arena's lock and advises the kernel about free
        // pages; it is safe to call from any thread at any time.
        unsafe {
            libc::malloc_trim(0);
        }
    };
    if let Err(error) = std::thread::Builder::new()
        .name("memory-trim".into())
        .spawn(trim)
    {
        eprintln!("glibc's free memory will not be given back: {error}");
    }
}

#[cfg(not(target_env = "gnu"))]
fn give_back_sqlite_s_memory() {}
