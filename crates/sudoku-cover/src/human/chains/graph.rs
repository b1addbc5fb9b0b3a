//! The implication graph of a chain search: potentials (a candidate assumed
//! true, "on", or false, "off"), each with the potentials it follows from,
//! and the measure Sudoku Explainer takes of a chain: its number of
//! distinct ancestors, which sets its difficulty.

/// No node.
pub(super) const NONE: u32 = u32::MAX;

/// A candidate as one number: `cell · n + digit − 1`.
pub(super) type Cand = u32;

/// One potential: a candidate, on or off, and where its parents lie in
/// [`Graph`]'s parent list.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// The candidate.
    pub cand: Cand,
    /// Whether the candidate is assumed true.
    pub on: bool,
    start: u32,
    len: u32,
    /// For a potential forced on, what forced it
    /// ([`Via::code`](super::links::Via::code)); [`NONE`] for an
    /// assumption or an off.
    pub cause: u32,
    /// For an off found by a nested pattern or chain, that one in
    /// [`Graph::nested`]; else [`NONE`].
    pub nested: u32,
}

/// A pattern or chain nested in a chain (Sudoku Explainer's dynamic
/// forcing chains (+) and nested forcing chains): its name, and what it
/// adds to the complexity of every chain that uses it, once per chain
/// however often it is used (a pattern adds nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct NestedChain {
    /// Its complexity, its own nested chains included.
    pub complexity: u32,
    /// Tells two chains apart: equal for the same chain found twice.
    pub key: u64,
    /// What it is, as a step would be named ("Forcing X-Chain").
    pub name: &'static str,
}

/// An arena of potentials. A potential's first parent is the one it was
/// found from; further parents are the candidates that had to be off for
/// the deduction (a dynamic chain's "hidden" parents, or the pattern a
/// nested deduction used).
#[derive(Debug)]
pub(super) struct Graph {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The nested patterns and chains that turned nodes off.
    nested: Vec<NestedChain>,
    /// How many of them are chains (of nonzero complexity).
    chains: usize,
    /// Per node, its ancestor count once measured (0: not yet).
    counts: Vec<u32>,
    /// Per potential (`cand · 2 + on`), the stamp of the last walk that
    /// met it.
    seen: Vec<u32>,
    stamp: u32,
    todo: Vec<u32>,
    next: Vec<u32>,
}

impl Graph {
    /// An empty graph for a grid of `cands` candidates.
    pub fn new(cands: usize) -> Graph {
        Graph {
            nodes: Vec::new(),
            parents: Vec::new(),
            nested: Vec::new(),
            chains: 0,
            counts: Vec::new(),
            seen: vec![0; 2 * cands],
            stamp: 0,
            todo: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Forgets every node.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
        self.chains = 0;
        self.counts.clear();
    }

    /// Adds a potential with the given parents (the first is the one it
    /// was found from) and returns its node.
    pub fn add(&mut self, cand: Cand, on: bool, parents: &[u32]) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        let len = parents.len() as u32;
        self.nodes.push(Node { cand, on, start, len, cause: NONE, nested: NONE });
        self.counts.push(0);
        (self.nodes.len() - 1) as u32
    }

    /// Records what forced node `i` on.
    pub fn set_cause(&mut self, i: u32, cause: u32) {
        self.nodes[i as usize].cause = cause;
    }

    /// The nested pattern or chain that turned node `i` off, if one did.
    pub fn nested_chain(&self, i: u32) -> Option<NestedChain> {
        let at = self.nodes[i as usize].nested;
        (at != NONE).then(|| self.nested[at as usize])
    }

    /// Records the nested pattern or chain that turned node `i` off.
    pub fn set_nested(&mut self, i: u32, chain: NestedChain) {
        self.nodes[i as usize].nested = self.nested.len() as u32;
        self.chains += usize::from(chain.complexity > 0);
        self.nested.push(chain);
    }

    /// A node.
    #[inline]
    pub fn node(&self, i: u32) -> Node {
        self.nodes[i as usize]
    }

    /// A node's parents, the one it was found from first.
    #[inline]
    pub fn parents(&self, i: u32) -> &[u32] {
        let node = self.nodes[i as usize];
        &self.parents[node.start as usize..(node.start + node.len) as usize]
    }

    /// The parent a node was found from.
    #[inline]
    pub fn first_parent(&self, i: u32) -> Option<u32> {
        self.parents(i).first().copied()
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// The number of distinct potentials a node follows from, itself
    /// included: Sudoku Explainer's measure of a chain. The walk goes
    /// breadth first and meets each potential once (the first node met for
    /// it stands for it), as Sudoku Explainer's does.
    pub fn ancestors(&mut self, i: u32) -> u32 {
        if self.counts[i as usize] != 0 {
            return self.counts[i as usize];
        }
        let mut count = 0;
        self.visit(i, |_| count += 1);
        self.counts[i as usize] = count;
        count
    }

    /// Sudoku Explainer's complexity of a hint resting on the chains
    /// ending at `targets`: their [`ancestors`](Graph::ancestors) added
    /// up, plus the complexity of each distinct nested chain among them.
    pub fn complexity(&mut self, targets: &[u32]) -> u32 {
        let flat: u32 = targets.iter().map(|&t| self.ancestors(t)).sum();
        if self.chains == 0 {
            return flat;
        }
        let mut counted: Vec<u64> = Vec::new();
        let mut nested = 0;
        for &t in targets {
            for p in self.walk(t) {
                let at = self.nodes[p as usize].nested;
                if at != NONE {
                    let chain = self.nested[at as usize];
                    if chain.complexity > 0 && !counted.contains(&chain.key) {
                        counted.push(chain.key);
                        nested += chain.complexity;
                    }
                }
            }
        }
        flat + nested
    }

    /// The nodes `i` follows from, itself first, breadth first, one node
    /// per potential (the first met), as [`ancestors`](Graph::ancestors)
    /// counts them.
    pub fn walk(&mut self, i: u32) -> Vec<u32> {
        let mut out = Vec::new();
        self.visit(i, |p| out.push(p));
        out
    }

    /// Calls `f` on each node `i` follows from, itself first, breadth
    /// first, once per potential (the first node met stands for it).
    fn visit(&mut self, i: u32, mut f: impl FnMut(u32)) {
        let stamp = self.next_stamp();
        let mut todo = std::mem::take(&mut self.todo);
        let mut next = std::mem::take(&mut self.next);
        todo.clear();
        todo.push(i);
        while !todo.is_empty() {
            next.clear();
            for &p in &todo {
                let node = self.nodes[p as usize];
                let key = (node.cand * 2 + u32::from(node.on)) as usize;
                if self.seen[key] != stamp {
                    self.seen[key] = stamp;
                    f(p);
                    next.extend_from_slice(self.parents(p));
                }
            }
            std::mem::swap(&mut todo, &mut next);
        }
        self.todo = todo;
        self.next = next;
    }

    /// The nodes from the root to `i`, following first parents.
    pub fn path(&self, i: u32) -> Vec<u32> {
        let mut path = vec![i];
        let mut at = i;
        while let Some(p) = self.first_parent(at) {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }

    /// Whether a potential of `cand` and state `on` lies on the first-parent
    /// path above `i` (`i` itself left out).
    pub fn above(&self, i: u32, cand: Cand, on: bool) -> bool {
        let mut at = i;
        while let Some(p) = self.first_parent(at) {
            let node = self.nodes[p as usize];
            if node.cand == cand && node.on == on {
                return true;
            }
            at = p;
        }
        false
    }
}

/// Which node stands for each potential in one search: the first found.
#[derive(Debug)]
pub(super) struct Seen {
    on: Vec<u32>,
    off: Vec<u32>,
    touched: Vec<Cand>,
}

impl Seen {
    /// No potential seen, on a grid of `cands` candidates.
    pub fn new(cands: usize) -> Seen {
        Seen { on: vec![NONE; cands], off: vec![NONE; cands], touched: Vec::new() }
    }

    /// The node of `cand` on (or off), or [`NONE`].
    #[inline]
    pub fn get(&self, cand: Cand, on: bool) -> u32 {
        if on { self.on[cand as usize] } else { self.off[cand as usize] }
    }

    /// Records the node of `cand` on (or off).
    #[inline]
    pub fn set(&mut self, cand: Cand, on: bool, node: u32) {
        let at = if on { &mut self.on } else { &mut self.off };
        at[cand as usize] = node;
        self.touched.push(cand);
    }

    /// Forgets every potential (in the time of those seen).
    pub fn clear(&mut self) {
        for &c in &self.touched {
            self.on[c as usize] = NONE;
            self.off[c as usize] = NONE;
        }
        self.touched.clear();
    }
}

/// Sudoku Explainer's increment for a chain of `complexity` potentials, in
/// tenths: one tenth each time the length (`complexity − 2`) passes a step
/// of 4, 6, 8, 12, 16, 24, 32, 48, … (each step alternately ×3/2 and ×4/3).
pub(super) fn length_tenths(complexity: u32) -> u16 {
    let length = i64::from(complexity) - 2;
    let (mut ceil, mut odd, mut added) = (4i64, false, 0u16);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A chain's difficulty as Sudoku Explainer computes it, a base plus a
/// tenth per length step, added up in floating point the way it does: the
/// value it sorts hints by (two hints of different bases can tie or not by
/// a rounding error, and the first of equal hints wins).
pub(super) fn se_value(base_tenths: u16, complexity: u32) -> f64 {
    let mut added = 0.0;
    for _ in 0..length_tenths(complexity) {
        added += 0.1;
    }
    f64::from(base_tenths) / 10.0 + added
}

/// The order Sudoku Explainer ranks hints of one search by: difficulty,
/// then complexity, then a key per kind of hint; the first found wins a
/// tie.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Rank {
    /// The difficulty, as [`se_value`].
    pub value: f64,
    /// The number of potentials.
    pub complexity: u32,
    /// The kind's key.
    pub key: u8,
}

impl Rank {
    /// The rank of a hint of base `base_tenths`.
    pub fn new(base_tenths: u16, complexity: u32, key: u8) -> Rank {
        Rank { value: se_value(base_tenths, complexity), complexity, key }
    }

    /// Whether this rank comes strictly before `other` (`None`: nothing
    /// found yet).
    pub fn beats(&self, other: Option<&Rank>) -> bool {
        let Some(o) = other else { return true };
        if self.value != o.value {
            return self.value < o.value;
        }
        (self.complexity, self.key) < (o.complexity, o.key)
    }

    /// The difficulty in tenths.
    pub fn tenths(&self) -> u16 {
        (self.value * 10.0).round() as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_steps_follow_the_ladder() {
        // Complexity − 2 passes 4, 6, 8, 12, 16, 24, 32, 48, 64, 96.
        let steps: Vec<u16> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35, 50, 51, 66, 67]
            .iter()
            .map(|&c| length_tenths(c))
            .collect();
        assert_eq!(steps, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9]);
        assert_eq!(length_tenths(0), 0);
        assert_eq!(length_tenths(98), 9);
        assert_eq!(length_tenths(99), 10);
    }

    #[test]
    fn values_add_tenths_in_floating_point() {
        assert_eq!(Rank::new(65, 7, 2).tenths(), 66);
        assert_eq!(Rank::new(66, 4, 2).tenths(), 66);
        // 6.5 + 0.5 is 7.0 exactly, so a long X-cycle ties a short
        // bidirectional cycle and the complexity decides.
        assert_eq!(se_value(65, 19), se_value(70, 4));
        let short = Rank::new(70, 4, 4);
        assert!(short.beats(Some(&Rank::new(65, 19, 2))));
        assert!(!short.beats(Some(&short)));
        assert!(short.beats(None));
    }

    #[test]
    fn ancestors_count_distinct_potentials() {
        let mut g = Graph::new(10);
        let a = g.add(1, true, &[]);
        let b = g.add(2, false, &[a]);
        let c = g.add(3, true, &[b]);
        // A second node for the first potential (a cycle's end) counts once.
        let d = g.add(1, true, &[c]);
        assert_eq!(g.ancestors(d), 3);
        assert_eq!(g.path(d), [a, b, c, d]);
        // Two parents: both branches count, shared potentials once.
        let e = g.add(4, false, &[a]);
        let f = g.add(5, true, &[c, e]);
        assert_eq!(g.ancestors(f), 5);
        assert!(g.above(f, 2, false) && !g.above(f, 4, false) && !g.above(f, 5, true));
        g.clear();
        assert_eq!(g.add(7, false, &[]), 0);
    }
}
