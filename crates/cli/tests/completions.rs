//! `dlx completions SHELL` and `dlx man`.

use crate::util::dlx;

/// The commands every script and the manual page must know.
const COMMANDS: [&str; 8] =
    ["solve", "count", "estimate", "split", "sum", "sudoku", "completions", "man"];

#[test]
fn completion_scripts_know_every_command() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = dlx(&["completions", shell]).success();
        assert!(script.len() > 1000, "{shell}: {script}");
        for command in COMMANDS {
            assert!(script.contains(command), "{shell} script lacks {command}");
        }
        // The sudoku commands and the flags are completed too.
        for word in ["check", "threads", "variant"] {
            assert!(script.contains(word), "{shell} script lacks {word}");
        }
    }
}

#[test]
fn the_bash_script_defines_its_function() {
    let script = dlx(&["completions", "bash"]).success();
    assert!(script.contains("_dlx()"), "{script}");
    assert!(script.contains("complete -F _dlx"), "{script}");
}

#[test]
fn bash_loads_the_script() {
    let script = dlx(&["completions", "bash"]).success();
    let Ok(out) = std::process::Command::new("bash")
        .args(["--norc", "-c", "eval \"$1\" && complete -p dlx", "bash", &script])
        .output()
    else {
        eprintln!("skipped: no bash here");
        return;
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // `complete -o bashdefault -o default -F _dlx dlx`, options in the
    // order of the bash version.
    let registered = String::from_utf8_lossy(&out.stdout);
    assert!(registered.starts_with("complete "), "{registered}");
    assert!(registered.contains(" -F _dlx "), "{registered}");
    assert!(registered.trim_end().ends_with(" dlx"), "{registered}");
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let out = dlx(&["completions", "tcsh"]).expect_code(2);
    assert!(out.stderr.contains("invalid value 'tcsh'"), "{}", out.stderr);
    assert!(out.stderr.contains("bash"), "{}", out.stderr);
    dlx(&["completions"]).expect_code(2);
}

#[test]
fn the_man_page_starts_with_its_title_and_has_a_section_per_command() {
    let page = dlx(&["man"]).success();
    let first = page.lines().next().unwrap();
    assert_eq!(first, format!(".TH dlx 1  \"dlx {}\" \"dlx manual\"", env!("CARGO_PKG_VERSION")));
    assert_eq!(page.matches(".TH ").count(), 1, "one page");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH EXAMPLES"] {
        assert!(page.contains(section), "no {section}");
    }
    for command in COMMANDS {
        let heading = format!(".SH \"DLX {}\"", command.to_uppercase());
        assert!(page.contains(&heading), "no {heading}");
    }
    for heading in
        [".SH \"DLX SUDOKU SOLVE\"", ".SH \"DLX SUDOKU COUNT\"", ".SH \"DLX SUDOKU CHECK\""]
    {
        assert!(page.contains(heading), "no {heading}");
    }
    // Every command's flags and examples are there.
    for word in ["\\-\\-threads", "\\-\\-variant", "\\-\\-expect", "\\-\\-depth", "dlx sum"] {
        assert!(page.contains(word), "the page lacks {word}");
    }
    // The roff preamble is written once, not once per section.
    assert_eq!(page.matches(".ds Aq").count(), 2, "the preamble's two lines, once");
}

#[test]
fn help_lists_completions_and_man() {
    let help = dlx(&["--help"]).success();
    assert!(help.contains("completions  Print a completion script for a shell"), "{help}");
    assert!(help.contains("man          Print the manual page"), "{help}");
    // The top-level description is still that of dlx.
    assert!(help.starts_with("Exact cover and sudoku with Knuth's Dancing Links."), "{help}");
}

#[test]
fn a_reader_that_stops_early_is_no_error() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    for args in [&["completions", "zsh"][..], &["man"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe is closed here, as `| head -c 16` does.
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}
