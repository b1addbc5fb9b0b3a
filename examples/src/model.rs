//! [`Model`]: an exact-cover [`Problem`] together with what each option
//! means.
//!
//! Every example builds its problem the same way: it adds items to a
//! [`dlx::ProblemBuilder`], and for each option it adds it also pushes a
//! value saying what choosing that option means — "a queen on row 3,
//! column 5", "the F pentomino on these five cells". The engine reports a
//! solution as [`OptionId`]s; [`Model::decode`] turns them back into those
//! values, ready to be drawn.

use dlx::{OptionId, Problem, Solver};

/// An exact-cover problem and the meaning of each of its options.
#[derive(Debug, Clone)]
pub struct Model<T> {
    problem: Problem,
    meanings: Vec<T>,
}

impl<T> Model<T> {
    /// Pairs a problem with one meaning per option, in option order.
    ///
    /// # Panics
    ///
    /// Panics if there is not exactly one meaning per option: that is a bug
    /// in the code that built the model, never a problem with its input.
    pub fn new(problem: Problem, meanings: Vec<T>) -> Model<T> {
        assert_eq!(problem.num_options(), meanings.len(), "one meaning per option");
        Model { problem, meanings }
    }

    /// The exact-cover problem, to search or to write in Knuth's format.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// What choosing an option means.
    pub fn meaning(&self, option: OptionId) -> &T {
        &self.meanings[option.index()]
    }

    /// The meanings of a solution's options, in the solution's order.
    pub fn decode(&self, solution: &[OptionId]) -> Vec<&T> {
        solution.iter().map(|&o| self.meaning(o)).collect()
    }

    /// A new solver for the problem.
    pub fn solver(&self) -> Solver<'_> {
        Solver::new(&self.problem)
    }

    /// The first solution the search finds, decoded.
    pub fn first(&self) -> Option<Vec<&T>> {
        self.solver().first().map(|s| self.decode(&s))
    }

    /// The number of solutions.
    pub fn count(&self) -> u128 {
        self.solver().count()
    }
}
