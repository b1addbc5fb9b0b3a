//! Links GCC's unwinder (`libgcc_eh.a`) into `dlx` on GNU/Linux, as
//! `gcc -static-libgcc` would, where the standard library asks for the
//! shared `libgcc_s.so.1`: loading that library runs its constructor,
//! which queries the CPU with `cpuid`, and on a virtual machine each query
//! traps to the hypervisor. A `dlx` process then starts about 0.2 ms sooner
//! (docs/performance.md, "Start-up of the command line"). rustc has no
//! switch for it (rust-lang/rust#29527); naming the archive here puts it
//! ahead of `-lgcc_s` on the link line, so the linker takes the unwinder
//! from it and drops the shared library as not needed.
//!
//! Nothing changes where the compiler has no `libgcc_eh.a` (the shared
//! library is then linked as usual), for other targets, or with
//! `crt-static` (the standard library links the archive itself).

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| env::var(name).unwrap_or_default();
    let static_crt = var("CARGO_CFG_TARGET_FEATURE").split(',').any(|f| f == "crt-static");
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" || static_crt {
        return;
    }
    if let Some(dir) = archive_dir() {
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-lib=static=gcc_eh");
    }
}

/// The directory of the target compiler's `libgcc_eh.a`, if it has one:
/// `-print-file-name` answers a full path for a file it finds, and the bare
/// name otherwise. (The `cc` crate names the environment variables that
/// choose the compiler, so a change to them runs this script again.)
fn archive_dir() -> Option<PathBuf> {
    let compiler = cc::Build::new().try_get_compiler().ok()?;
    let out = compiler.to_command().arg("-print-file-name=libgcc_eh.a").output().ok()?;
    if !out.status.success() {
        return None;
    }
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    match path.is_absolute() && path.is_file() {
        true => path.parent().map(PathBuf::from),
        false => None,
    }
}
