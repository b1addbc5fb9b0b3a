//! Splitting a search into independent problems: [`split`] cuts the search
//! tree at a frontier and turns every subtree into a *residual* problem, a
//! [`Problem`] of its own whose solutions are exactly the subtree's.
//!
//! The residual of a node keeps the items still open there (with the
//! bounds that remain, under Algorithm M) and the options still available;
//! secondary items already given a color are dropped from the options that
//! agree with it. Counting every part and adding the counts gives the count
//! of the whole problem, so the parts can be counted anywhere, by anything
//! that reads Knuth's format: on other machines, by a batch scheduler.

use crate::config::{Config, Engine};
use crate::entry::{Entry, OptionEntries};
use crate::error::Error;
use crate::id::{ColorId, ItemId, OptionId};
use crate::links::Links;
use crate::matrix::{ROOT, SPACER};
use crate::problem::{Problem, ProblemBuilder};
use crate::search::Solver;

/// Where to cut the search tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitAt {
    /// At this depth: every node at this depth is a part (as is every
    /// solution above it).
    Depth(usize),
    /// At the shallowest depth that gives at least this many parts (or
    /// the whole tree, if it has fewer nodes).
    Parts(usize),
}

/// One part of a split problem.
#[derive(Debug, Clone)]
pub struct Part {
    /// The branch taken at each level to reach this part.
    pub path: Vec<u32>,
    /// The options chosen on the way (and any forced ones): add them to each
    /// solution of [`problem`](Self::problem) to get a solution of the whole.
    pub chosen: Vec<OptionId>,
    /// The residual problem.
    pub problem: Problem,
    /// For each option of [`problem`](Self::problem), the option of the
    /// whole problem it comes from.
    pub origins: Vec<OptionId>,
}

impl Part {
    /// Writes the part in Knuth's format, after comment lines naming the
    /// path and the options chosen on the way (written as in `whole`).
    pub fn write_knuth<W: std::io::Write>(&self, whole: &Problem, mut w: W) -> std::io::Result<()> {
        let path: Vec<String> = self.path.iter().map(u32::to_string).collect();
        writeln!(w, "| part at path [{}] of a split problem", path.join(","))?;
        for &o in &self.chosen {
            writeln!(w, "| chosen: {}", whole.format_option(o))?;
        }
        self.problem.write_knuth(w)
    }
}

/// Splits the search of `problem` (with `forced` options forced) into
/// independent parts whose solution counts add up to the whole count.
///
/// Parts come in the order the search would visit them. A dead end above
/// the cut gives no part; a solution above it gives a part with exactly one
/// solution.
///
/// ```
/// use dlx::{split, Config, Problem, Solver, SplitAt};
///
/// let problem = Problem::parse_knuth("A B C D\nA B\nC D\nA C\nB D\nA\nB\nC\nD\n")?;
/// let parts = split(&problem, Config::new(), &[], SplitAt::Parts(3))?;
/// assert!(parts.len() >= 3);
/// let total: u128 = parts.iter().map(|p| Solver::new(&p.problem).count()).sum();
/// assert_eq!(total, Solver::new(&problem).count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split(
    problem: &Problem,
    config: Config,
    forced: &[OptionId],
    at: SplitAt,
) -> Result<Vec<Part>, Error> {
    config.get_heuristic().replayable("splitting")?;
    // Residuals are read off the links, so split with dancing links.
    let mut solver = Solver::with_config(problem, config.engine(Engine::DancingLinks));
    for &o in forced {
        solver.choose(o)?;
    }
    // Breadth first: `frontier` holds the paths at the current depth,
    // `done` the parts found above it (solutions).
    let mut frontier: Vec<Vec<u32>> = vec![Vec::new()];
    let mut done: Vec<Vec<u32>> = Vec::new();
    let mut depth = 0;
    loop {
        let enough = match at {
            SplitAt::Depth(d) => depth >= d,
            SplitAt::Parts(k) => frontier.len() + done.len() >= k,
        };
        if enough || frontier.is_empty() {
            break;
        }
        let mut next = Vec::new();
        for path in &frontier {
            solver.descend(path);
            match links(&solver).branching() {
                None => done.push(path.clone()),
                Some(0) => {}
                Some(degree) => {
                    for k in 0..degree {
                        let mut child = path.clone();
                        child.push(k);
                        // Under Algorithm M a level may have fewer branches
                        // than its degree says; keep only real ones.
                        if solver.descend(&child) {
                            next.push(child);
                        }
                    }
                }
            }
        }
        if next.is_empty() && matches!(at, SplitAt::Parts(_)) {
            frontier = next;
            break;
        }
        frontier = next;
        depth += 1;
    }
    let mut paths = done;
    paths.extend(frontier);
    paths.sort();
    let mut parts = Vec::with_capacity(paths.len());
    for path in paths {
        let ok = solver.descend(&path);
        debug_assert!(ok);
        let links = links(&solver);
        let (problem, origins) = links.residual();
        let mut chosen = solver.forced().to_vec();
        links.chosen(&mut chosen);
        parts.push(Part { chosen, problem, origins, path });
    }
    Ok(parts)
}

fn links<'s, 'p>(solver: &'s Solver<'p>) -> &'s Links<'p> {
    solver.links().expect("a dancing-links solver")
}

impl Links<'_> {
    /// At the node the search stands on: `None` if it is a solution,
    /// otherwise its number of branches (0 for a dead end).
    pub(crate) fn branching(&self) -> Option<u32> {
        let m = self.problem().has_multiplicities();
        let choice = if m { self.choose_item::<true>() } else { self.choose_item::<false>() };
        choice.map(|(_, score)| score.max(0) as u32)
    }

    /// The problem that remains at the node the search stands on: its
    /// solutions are exactly the completions of the current partial
    /// solution (without the options already chosen); and the option of the
    /// whole problem that each of its options comes from.
    pub(crate) fn residual(&self) -> (Problem, Vec<OptionId>) {
        let problem = self.problem();
        let m = &problem.matrix;
        let d = self.dance();
        let mut b = ProblemBuilder::new();
        if d.links[ROOT as usize].next == ROOT {
            // Nothing left to cover: exactly one solution, the empty one. A
            // problem needs a primary item to be written in Knuth's format,
            // so give it one that is happy to stay uncovered.
            b.add_primary_with_bounds("solved", 0, 1);
            return (b.build().expect("a valid problem"), Vec::new());
        }
        let mut map = vec![None; m.links.len()];
        let n = m.num_items() as u32;
        let mut k = d.links[ROOT as usize].next;
        while k != ROOT {
            let name = problem.item_name(ItemId::new(m.external[k as usize] as usize));
            let (bound, slack) = (d.bound[k as usize], m.slack[k as usize]);
            let lo = bound.saturating_sub(slack);
            map[k as usize] = Some(b.add_primary_with_bounds(name, lo, bound));
            k = d.links[k as usize].next;
        }
        let head = n + 1;
        let mut k = d.links[head as usize].next;
        while k != head {
            if d.nodes[k as usize].color == 0 {
                let name = problem.item_name(ItemId::new(m.external[k as usize] as usize));
                map[k as usize] = Some(b.add_secondary(name));
            }
            k = d.links[k as usize].next;
        }
        let colors: Vec<ColorId> = (0..problem.num_colors())
            .map(|c| b.add_color(problem.color_name(ColorId::new(c))))
            .collect();
        let mut origins = Vec::new();
        for o in problem.options() {
            if !m.usable[o.index()] || !self.option_available(o) {
                continue;
            }
            let x = m.option_node[o.index()];
            let mut entries = OptionEntries::new();
            let mut q = x;
            while d.nodes[q as usize].top != SPACER {
                let e = problem.option(o)[(q - x) as usize];
                if let Some(item) = map[d.nodes[q as usize].top as usize] {
                    entries.push(Entry { item, color: e.color.map(|c| colors[c.index()]) });
                }
                q += 1;
            }
            b.add_option(entries);
            origins.push(o);
        }
        (b.build().expect("a residual of a valid problem is valid"), origins)
    }
}
