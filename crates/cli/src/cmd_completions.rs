//! `dlx completions SHELL` and `dlx man`: what a shell and `man` need to
//! know about `dlx`.
//!
//! Both are generated from the same clap command that parses the command
//! line ([`command`]), so they always name every command and flag there
//! is. The two commands are kept apart from the problem-solving ones of
//! [`crate::args`]: [`SetupCommand`] adds them to that command line.
//!
//! `dlx man` prints one page, dlx(1), with a section for each command
//! (`DLX SOLVE`, `DLX SUDOKU CHECK`, ...) holding its synopsis,
//! description, options and examples, so that one file installs it all.

use std::io::{self, Write};

use anyhow::Result;
use clap::{CommandFactory, Subcommand};
use clap_complete::Shell;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use crate::args::Args;
use crate::exit::ExitStatus;
use crate::out::Out;

/// The commands about `dlx` itself, added to those of [`Args`].
#[derive(Debug, Subcommand)]
pub enum SetupCommand {
    /// Print a completion script for a shell.
    ///
    /// Install it where the shell looks for completions, as in the examples
    /// below: a new shell then completes the commands, flags and values of
    /// `dlx`.
    #[command(after_help = "\
Examples:
  dlx completions bash > ~/.local/share/bash-completion/completions/dlx
  dlx completions zsh > ~/.zfunc/_dlx      with ~/.zfunc in $fpath
  dlx completions fish > ~/.config/fish/completions/dlx.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum, value_name = "SHELL")]
        shell: Shell,
    },

    /// Print the manual page, dlx(1), in roff.
    ///
    /// One page documents every command, with its options and examples.
    #[command(after_help = "\
Examples:
  dlx man > ~/.local/share/man/man1/dlx.1      then: man dlx
  dlx man | man -l -                           read it without installing it")]
    Man,
}

/// The whole command line: the commands of [`Args`] and the
/// [`SetupCommand`]s.
pub fn command() -> clap::Command {
    let args = Args::command();
    // Adding subcommands from a derived enum sets the parent's about text
    // to the enum's doc comment: keep the one of `Args`.
    let (about, long_about) = (args.get_about().cloned(), args.get_long_about().cloned());
    let mut cmd = SetupCommand::augment_subcommands(args);
    if let Some(about) = about {
        cmd = cmd.about(about);
    }
    if let Some(long_about) = long_about {
        cmd = cmd.long_about(long_about);
    }
    cmd
}

/// Runs `dlx completions` or `dlx man`.
pub fn run(setup: &SetupCommand) -> Result<ExitStatus> {
    let mut out = Out::new();
    match setup {
        SetupCommand::Completions { shell } => {
            // Generated into memory first: clap_complete panics on a failed
            // write, and a closed pipe (`| head`) is no reason to.
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut command(), "dlx", &mut script);
            out.write_all(&script)?;
        }
        SetupCommand::Man => out.write_all(&man_page()?)?,
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// The manual page: dlx(1) as clap_mangen renders it, then one section per
/// command, depth first, its subsections the parts of that command's own
/// page.
pub fn man_page() -> io::Result<Vec<u8>> {
    let mut cmd = command().disable_help_subcommand(true);
    cmd.build();
    let man = Man::new(cmd.clone()).manual("dlx manual");
    // The title first (`man` and its tools look for it there), then the
    // preamble of roff definitions once, then the sections without it.
    let mut page = rendered(|w| man.render_title(w))?;
    Roff::new().to_writer(&mut page)?;
    page.extend(rendered(|w| man.render_name_section(w))?);
    page.extend(rendered(|w| man.render_synopsis_section(w))?);
    page.extend(rendered(|w| man.render_description_section(w))?);
    page.extend(rendered(|w| man.render_options_section(w))?);
    page.extend(rendered(|w| commands_section(&cmd).to_writer(w))?);
    page.extend(rendered(|w| examples(&cmd, "SH", "EXAMPLES").to_writer(w))?);
    for sub in visible_subcommands(&cmd) {
        command_sections(sub, &mut page)?;
    }
    Ok(page)
}

/// The subcommands a reader sees.
fn visible_subcommands(cmd: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    cmd.get_subcommands().filter(|s| !s.is_hide_set())
}

/// The full name of a built command: `dlx sudoku solve`.
fn full_name(cmd: &clap::Command) -> &str {
    cmd.get_bin_name().unwrap_or_else(|| cmd.get_name())
}

/// The COMMANDS section: each command's full name and what it does (its
/// own section follows further down).
fn commands_section(cmd: &clap::Command) -> Roff {
    fn list(roff: &mut Roff, cmd: &clap::Command) {
        for sub in visible_subcommands(cmd) {
            roff.control("TP", []);
            roff.text([bold(full_name(sub))]);
            if let Some(about) = sub.get_about() {
                roff.text([roman(about.to_string())]);
            }
            list(roff, sub);
        }
    }
    let mut roff = Roff::new();
    roff.control("SH", ["COMMANDS"]);
    list(&mut roff, cmd);
    roff
}

/// The section of one command, `DLX SOLVE`: its description, then
/// subsections for its synopsis, options and examples; then the sections
/// of its subcommands.
fn command_sections(cmd: &clap::Command, page: &mut Vec<u8>) -> io::Result<()> {
    let man = Man::new(cmd.clone());
    let heading = format!(".SH \"{}\"", full_name(cmd).to_uppercase());
    page.extend(retitled(&rendered(|w| man.render_description_section(w))?, &heading));
    page.extend(retitled(&rendered(|w| man.render_synopsis_section(w))?, ".SS Synopsis"));
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        page.extend(retitled(&rendered(|w| man.render_options_section(w))?, ".SS Options"));
    }
    page.extend(rendered(|w| examples(cmd, "SS", "Examples").to_writer(w))?);
    for sub in visible_subcommands(cmd) {
        command_sections(sub, page)?;
    }
    Ok(())
}

/// The text after a command's help, its examples (and for some, the exit
/// status), under a heading `.MACRO TITLE` that replaces its own
/// `Examples:`, lines kept as they are; nothing if it has none.
fn examples(cmd: &clap::Command, mac: &str, title: &str) -> Roff {
    let mut roff = Roff::new();
    if let Some(text) = cmd.get_after_long_help().or_else(|| cmd.get_after_help()) {
        roff.control(mac, [title]);
        roff.control("nf", []);
        let text = text.to_string();
        let text = text.strip_prefix("Examples:\n").unwrap_or(&text);
        for line in text.lines() {
            roff.text([roman(line)]);
        }
        roff.control("fi", []);
    }
    roff
}

/// What a rendering writes, without the preamble that each rendering
/// starts with (the page has it once, before its title).
fn rendered(render: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> io::Result<Vec<u8>> {
    let mut text = Vec::new();
    render(&mut text)?;
    let mut preamble = Vec::new();
    Roff::new().to_writer(&mut preamble)?;
    if text.starts_with(&preamble) {
        text.drain(..preamble.len());
    }
    Ok(text)
}

/// A rendered section under another heading: its first line, the
/// `.SH OPTIONS` of a page of its own, replaced by `heading`
/// (`.SS Options`, a subsection of the command's section).
fn retitled(section: &[u8], heading: &str) -> Vec<u8> {
    let body = match section.strip_prefix(b".SH ") {
        Some(rest) => rest.iter().position(|&b| b == b'\n').map_or(&[][..], |end| &rest[end + 1..]),
        None => section,
    };
    let mut out = format!("{heading}\n").into_bytes();
    out.extend_from_slice(body);
    out
}
