//! The pattern fit's least-squares problem and its solver: preconditioned conjugate gradients
//! on the normal equations (CGLS), as Buro fitted Logistello's tables, over the sparse rows
//! of the encoded positions.

/// A position read for the fit: the parameter of every pattern instance it reads, its legal
/// move counts, empty cells, phase, the score it is fitted to in discs (exact or not) and the
/// value the evaluation being corrected gives it (0 when fitting from nothing): the unknowns
/// are the corrections to that evaluation, fitted to `target − prior`.
pub(super) struct Encoded {
    pub entries: Vec<u32>,
    pub moves: (u32, u32),
    pub empties: u32,
    pub phase: usize,
    pub target: f32,
    pub prior: f32,
    pub exact: bool,
}

impl Encoded {
    /// What the unknowns must account for: the target less the prior's value.
    fn residual_target(&self) -> f64 {
        f64::from(self.target) - f64::from(self.prior)
    }
}

/// The fit's unknowns, one flat vector: per phase, every table parameter, then the bias,
/// the two mobility weights and the parity weight (discs).
pub(super) struct Unknowns {
    /// Parameters a phase holds (table entries, bias, two mobility weights, parity).
    pub stride: usize,
    /// Whether the parity weights are fitted (else they keep the prior's, or 0).
    parity: bool,
}

/// The unknowns of a phase after its table parameters.
const WEIGHTS: usize = 4;

impl Unknowns {
    fn new(entries: usize, parity: bool) -> Self {
        Unknowns {
            stride: entries + WEIGHTS,
            parity,
        }
    }

    fn len(&self, phases: usize) -> usize {
        self.stride * phases
    }

    /// A position's row of the design matrix: its nonzero coefficients, each with the index
    /// of its unknown (the table parameters it reads, then its phase's bias, the two
    /// mobility weights and, fitted and with an even number of empty cells, the parity).
    fn row<'p>(&self, position: &'p Encoded) -> impl Iterator<Item = (usize, f64)> + 'p {
        let start = position.phase * self.stride;
        let bias = start + self.stride - WEIGHTS;
        let (mine, theirs) = position.moves;
        let weights = [
            (bias, 1.0),
            (bias + 1, f64::from(mine)),
            (bias + 2, f64::from(theirs)),
        ];
        let parity = (self.parity && position.empties.is_multiple_of(2)).then_some((bias + 3, 1.0));
        (position.entries.iter())
            .map(move |&e| (start + e as usize, 1.0))
            .chain(weights)
            .chain(parity)
    }

    /// `row · x` for a position's row.
    fn dot(&self, position: &Encoded, x: &[f64]) -> f64 {
        self.row(position).map(|(i, c)| x[i] * c).sum()
    }

    /// Adds `amount × row` to `out`.
    fn scatter(&self, position: &Encoded, amount: f64, out: &mut [f64]) {
        for (i, c) in self.row(position) {
            out[i] += amount * c;
        }
    }

    /// Whether unknown `i` is a table parameter (regularised) rather than a bias, a mobility
    /// or a parity weight.
    fn is_table(&self, i: usize) -> bool {
        i % self.stride < self.stride - WEIGHTS
    }
}

/// The regularised least-squares problem: minimise Σ (target − prior − row · x)² + λ Σ table²
/// (corrections to the prior, kept near zero where the data says little).
pub(super) struct Problem<'a> {
    positions: &'a [Encoded],
    pub unknowns: Unknowns,
    /// λ for each unknown (0 for the biases, mobility and parity weights).
    lambda: Vec<f64>,
    /// The diagonal of the normal equations, the preconditioner.
    diagonal: Vec<f64>,
}

impl<'a> Problem<'a> {
    /// The problem of fitting `positions` with `entries` table parameters a phase, the
    /// parity weights too if `parity`.
    pub fn new(
        positions: &'a [Encoded],
        (entries, phases): (usize, usize),
        lambda: f32,
        parity: bool,
    ) -> Self {
        let unknowns = Unknowns::new(entries, parity);
        let len = unknowns.len(phases);
        let lambda: Vec<f64> = (0..len)
            .map(|i| {
                if unknowns.is_table(i) {
                    f64::from(lambda)
                } else {
                    0.0
                }
            })
            .collect();
        let mut diagonal = lambda.clone();
        for position in positions {
            for (i, c) in unknowns.row(position) {
                diagonal[i] += c * c;
            }
        }
        Problem {
            positions,
            unknowns,
            lambda,
            diagonal,
        }
    }

    /// The residuals `target − A x`.
    fn residuals(&self, x: &[f64]) -> Vec<f64> {
        self.positions
            .iter()
            .map(|p| p.residual_target() - self.unknowns.dot(p, x))
            .collect()
    }

    /// The negative half gradient: `Aᵀ r − λ x`.
    fn descent(&self, residuals: &[f64], x: &[f64]) -> Vec<f64> {
        let mut out: Vec<f64> = x.iter().zip(&self.lambda).map(|(x, l)| -l * x).collect();
        for (position, &r) in self.positions.iter().zip(residuals) {
            self.unknowns.scatter(position, r, &mut out);
        }
        out
    }

    /// The preconditioned direction `M⁻¹ s`.
    fn precondition(&self, s: &[f64]) -> Vec<f64> {
        s.iter()
            .zip(&self.diagonal)
            .map(|(s, d)| if *d > 0.0 { s / d } else { 0.0 })
            .collect()
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

/// Preconditioned conjugate gradients on the normal equations (CGLS), one iteration at a
/// time, as Buro fitted Logistello's tables.
pub(super) struct ConjugateGradients<'a> {
    pub problem: Problem<'a>,
    /// The current solution.
    pub x: Vec<f64>,
    residuals: Vec<f64>,
    direction: Vec<f64>,
    /// `s · M⁻¹ s` of the last descent `s`.
    gamma: f64,
}

impl<'a> ConjugateGradients<'a> {
    pub fn new(problem: Problem<'a>) -> Self {
        let x = vec![0.0; problem.diagonal.len()];
        let residuals = problem.residuals(&x);
        let descent = problem.descent(&residuals, &x);
        let direction = problem.precondition(&descent);
        let gamma = dot(&descent, &direction);
        ConjugateGradients {
            problem,
            x,
            residuals,
            direction,
            gamma,
        }
    }

    /// One iteration; false once the solution no longer moves.
    pub fn step(&mut self) -> bool {
        if self.gamma <= 0.0 {
            return false;
        }
        let p = &self.direction;
        let q: Vec<f64> = (self.problem.positions.iter())
            .map(|position| self.problem.unknowns.dot(position, p))
            .collect();
        let damped: f64 = p
            .iter()
            .zip(&self.problem.lambda)
            .map(|(p, l)| l * p * p)
            .sum();
        let delta = dot(&q, &q) + damped;
        if delta <= 0.0 {
            return false;
        }
        let alpha = self.gamma / delta;
        for (x, p) in self.x.iter_mut().zip(p) {
            *x += alpha * p;
        }
        for (r, q) in self.residuals.iter_mut().zip(&q) {
            *r -= alpha * q;
        }
        let descent = self.problem.descent(&self.residuals, &self.x);
        let preconditioned = self.problem.precondition(&descent);
        let gamma = dot(&descent, &preconditioned);
        let beta = gamma / self.gamma;
        for (d, z) in self.direction.iter_mut().zip(&preconditioned) {
            *d = z + beta * *d;
        }
        self.gamma = gamma;
        true
    }

    /// The root mean square error on the fitted positions.
    pub fn training_error(&self) -> f64 {
        (dot(&self.residuals, &self.residuals) / self.residuals.len().max(1) as f64).sqrt()
    }

    /// The root mean square error on other positions.
    pub fn error_on(&self, positions: &[Encoded]) -> f64 {
        let sum: f64 = positions
            .iter()
            .map(|p| (p.residual_target() - self.problem.unknowns.dot(p, &self.x)).powi(2))
            .sum();
        (sum / positions.len().max(1) as f64).sqrt()
    }
}
