//! Puzzle generation: a random solution grid from the engine, then givens removed in a random
//! (symmetric) order while the solution stays unique, or killer cages grown over the grid and
//! split until it is unique; retried until the rating or minimality asked for comes out.
//!
//! Every puzzle depends only on the request and its seed ([`seed_for`] derives one per index),
//! never on threads or timing, so a seed reproduces the same puzzles on every machine.

use crate::engine::{Domain, Limits, Rng, Stop, Strategy, ValueOrder, VarId};
use crate::logic::{self, Level, Rating};
use crate::model;
use crate::puzzle::{Puzzle, Rules};

/// How the givens of a standard puzzle are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symmetry {
    /// No symmetry: every given is removed on its own.
    None,
    /// The pattern looks the same after a quarter turn.
    Rotate90,
    /// The pattern looks the same after a half turn (the classic newspaper symmetry).
    Rotate180,
    /// Left–right mirror image.
    Mirror,
    /// Top–bottom mirror image.
    Flip,
    /// Mirror image in the main diagonal.
    Diagonal,
    /// One of the five symmetries above, drawn for each attempt.
    Random,
}

impl Symmetry {
    /// The symmetries [`Symmetry::Random`] draws from.
    pub const DRAWN: [Symmetry; 5] = [
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
    ];

    /// The name `--symmetry` takes.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Random => "random",
        }
    }

    /// The image of `cell` of an n×n grid under one step of the symmetry.
    pub fn image(self, n: usize, cell: usize) -> usize {
        let (r, c) = (cell / n, cell % n);
        let (r, c) = match self {
            Symmetry::None | Symmetry::Random => (r, c),
            Symmetry::Rotate90 => (c, n - 1 - r),
            Symmetry::Rotate180 => (n - 1 - r, n - 1 - c),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Flip => (n - 1 - r, c),
            Symmetry::Diagonal => (c, r),
        };
        r * n + c
    }

    /// The cells of an n×n grid in groups that map onto each other (1, 2 or 4 cells), each
    /// group in increasing order, groups by their first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut c = self.image(n, start);
            while !seen[c] {
                seen[c] = true;
                orbit.push(c);
                c = self.image(n, c);
            }
            orbit.sort_unstable();
            out.push(orbit);
        }
        out
    }

    /// Whether the givens' pattern is symmetric (every orbit all given or all blank).
    pub fn holds(self, n: usize, givens: &[Option<usize>]) -> bool {
        (0..n * n).all(|c| givens[c].is_some() == givens[self.image(n, c)].is_some())
    }
}

/// Cage sizes for killer puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CageSizes {
    /// The smallest cage grown (cells that cannot join a cage may still end alone).
    pub min: usize,
    /// The largest cage.
    pub max: usize,
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct Request {
    /// An empty puzzle: the size and symbols.
    pub template: Puzzle,
    /// The rules every puzzle follows (and is unique under).
    pub rules: Rules,
    /// The pattern of the givens (standard puzzles).
    pub symmetry: Symmetry,
    /// Stop removing givens at this many (standard puzzles); `None`: remove while unique.
    pub givens: Option<usize>,
    /// Only puzzles from which no single given can be removed without losing uniqueness.
    pub minimal: bool,
    /// Only puzzles of this rating level.
    pub difficulty: Option<Level>,
    /// Rate every puzzle ([`Generated::rating`]); done anyway when `difficulty` is asked. A
    /// 25×25 puzzle takes longer to rate than to make.
    pub rate: bool,
    /// Killer cages instead of givens.
    pub cages: Option<CageSizes>,
    /// Fresh grids to try before giving up on `difficulty` or `minimal`.
    pub attempts: u32,
}

/// A generated puzzle.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle: givens, or cages without givens.
    pub puzzle: Puzzle,
    /// Its unique solution, a value index per cell.
    pub solution: Vec<usize>,
    /// Its rating, when the request asked for one ([`Request::rate`] or a difficulty).
    pub rating: Option<Rating>,
    /// The symmetry of its givens ([`Symmetry::Random`] resolved).
    pub symmetry: Symmetry,
    /// Grids tried to get it (1 when the first one did).
    pub attempts: u32,
}

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The rules cannot be honoured: a rule file's line that does not fit the grid, a
    /// constraint too large for the engine, or a rating asked of constraints the techniques
    /// do not reason with. Says which.
    Refused(String),
    /// No grid satisfies the rules (a rule file with contradictory regions).
    NoGrid,
    /// Every attempt gave a puzzle of another level, or not minimal.
    Attempts {
        /// Attempts made.
        attempts: u32,
        /// Puzzles made of each level, easiest first (index by `Level as usize`).
        levels: [u32; 6],
        /// Puzzles of the right level refused as not minimal.
        not_minimal: u32,
    },
}

/// The seed of puzzle `index` of a run seeded with `seed`: independent streams per puzzle, so
/// the output does not depend on how puzzles are spread over threads.
pub fn seed_for(seed: u64, index: u64) -> u64 {
    let mut r = Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64()
}

/// The template of `request` with its rules' variants and constraint lines put on it (what
/// every puzzle made for it holds), or why the request cannot be honoured.
pub fn template(request: &Request) -> Result<Puzzle, Failure> {
    let mut template = request.template.clone();
    request
        .rules
        .apply(&mut template)
        .map_err(Failure::Refused)?;
    if let Some(why) = model::refusal(&template) {
        return Err(Failure::Refused(why));
    }
    if (request.rate || request.difficulty.is_some())
        && let Some(why) = logic::refuses(&template, &request.rules)
    {
        return Err(Failure::Refused(format!("cannot rate the puzzles: {why}")));
    }
    Ok(template)
}

/// Generates one puzzle for `request` from `seed`: it holds every rule of the request (the
/// rule file's variants and constraint lines, as [`template`] puts them on), and its
/// solution is unique under them.
pub fn generate(request: &Request, seed: u64) -> Result<Generated, Failure> {
    let prepared = Request {
        template: template(request)?,
        ..request.clone()
    };
    crate::with_domain!(request.template.size(), D => generate_in::<D>(&prepared, seed))
}

fn generate_in<D: Domain>(request: &Request, seed: u64) -> Result<Generated, Failure> {
    let mut rng = Rng::new(seed);
    let mut levels = [0u32; 6];
    let mut not_minimal = 0;
    for attempt in 1..=request.attempts.max(1) {
        let solution =
            random_grid::<D>(&request.template, &request.rules, &mut rng).ok_or(Failure::NoGrid)?;
        let symmetry = match request.symmetry {
            Symmetry::Random => Symmetry::DRAWN[rng.below(Symmetry::DRAWN.len())],
            s => s,
        };
        let (puzzle, decided) = match request.cages {
            Some(sizes) => {
                let n = request.template.size() as u64;
                let nodes = KILLER_BUDGET / (n * n);
                (
                    killer::<D>(request, &solution, sizes, &mut rng, nodes),
                    true,
                )
            }
            None => remove_givens::<D>(request, &solution, symmetry, &mut rng),
        };
        let rating = (request.rate || request.difficulty.is_some())
            .then(|| logic::rate::<D>(&puzzle, &request.rules));
        if let Some(r) = &rating {
            levels[r.level as usize] += 1;
        }
        if request
            .difficulty
            .is_some_and(|l| rating.as_ref().is_none_or(|r| r.level != l))
        {
            continue;
        }
        // One pass over single cells already leaves a minimal puzzle when every check was
        // decided and only uniqueness kept givens; groups need a check.
        let guided = request.difficulty.is_some_and(|l| l < Level::Guessing);
        let checked = symmetry == Symmetry::None && request.cages.is_none() && decided && !guided;
        if request.minimal && !checked && !is_minimal::<D>(&puzzle, &request.rules, &solution) {
            not_minimal += 1;
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution,
            rating,
            symmetry,
            attempts: attempt,
        });
    }
    Err(Failure::Attempts {
        attempts: request.attempts.max(1),
        levels,
        not_minimal,
    })
}

/// A random grid satisfying the template's givens and the rules (cages ignored): search with a
/// random value order, restarted with a new seed when a run takes too long.
fn random_grid<D: Domain>(template: &Puzzle, rules: &Rules, rng: &mut Rng) -> Option<Vec<usize>> {
    let mut plain = template.clone();
    plain.clear_cages();
    let n = plain.size();
    let mut engine = model::build::<D>(&plain, rules, &model::Tuning::DEFAULT).ok()?;
    for _ in 0..20 {
        // MRV, as when seeds were first published: the same seed gives the same grid in
        // every version, whatever strategy solving uses.
        engine.set_strategy(Strategy {
            values: ValueOrder::Random {
                seed: rng.next_u64(),
            },
            ..Strategy::default()
        });
        let limits = Limits {
            solutions: 1,
            nodes: Some(100 * (n * n) as u64),
            deadline: None,
        };
        let mut grid = None;
        let stop = engine.search(&limits, |doms| grid = Some(model::grid_of(&plain, doms)));
        match (grid, stop) {
            (Some(g), _) => return Some(g),
            (None, Stop::Exhausted) => return None,
            _ => {}
        }
    }
    None
}

/// Up to `limit` solutions of `puzzle`, and whether the search finished within `nodes` nodes
/// (else there may be more).
fn solutions<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    limit: u64,
    nodes: u64,
) -> (Vec<Vec<usize>>, bool) {
    let limits = Limits {
        solutions: limit,
        nodes: Some(nodes),
        deadline: None,
    };
    let mut out = Vec::new();
    let stop = model::with_model::<D, _>(puzzle, rules, &model::Tuning::DEFAULT, |engine| {
        engine.search(&limits, |d| {
            out.push(model::grid_of(puzzle, d));
        })
    });
    (out, !matches!(stop, Ok(Stop::NodeLimit)))
}

/// Nodes a search of [`stays_unique`] may take on an n×n grid: `UNIQUE_BUDGET / n⁴`. A
/// puzzle has about n² checks and a node costs about n² cells' work, so the budget keeps a
/// puzzle's checks to a similar time at every size. On 9×9 a check takes at most a few dozen
/// nodes, far below its 6,096; on 25×25 the last removals can take millions, and 102 nodes a
/// check keep a puzzle to seconds for about as many givens as a larger budget.
/// Nodes rather than time, so that a seed gives the same puzzle on every machine.
const UNIQUE_BUDGET: u64 = 40_000_000;

/// Nodes a killer's search for a second solution ([`solutions`]) may take on an n×n grid:
/// `KILLER_BUDGET / n²`; killers of 9×9 take up to 306.
const KILLER_BUDGET: u64 = 2_000_000;

/// Whether `solution` is the only solution of `puzzle`, where `puzzle` is a puzzle whose only
/// solution is `solution` with the givens of `blanked` removed; `None` when a search ran out of
/// its budget (see [`UNIQUE_BUDGET`]) first. A second solution must differ from `solution` in a
/// blanked cell (else it would solve the unique puzzle too), so one search per blanked cell
/// with that cell's value excluded decides it: cheaper than counting to two, which also has to
/// find `solution` again.
fn stays_unique<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    solution: &[usize],
    blanked: &[usize],
) -> Option<bool> {
    stays_unique_within::<D>(
        puzzle,
        rules,
        solution,
        blanked,
        unique_budget(puzzle.size()),
    )
}

/// [`UNIQUE_BUDGET`] for an n×n grid.
fn unique_budget(n: usize) -> u64 {
    UNIQUE_BUDGET / (n * n * n * n) as u64
}

/// [`stays_unique`] with a budget of `nodes` a search.
fn stays_unique_within<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    solution: &[usize],
    blanked: &[usize],
    nodes: u64,
) -> Option<bool> {
    let limits = Limits {
        solutions: 1,
        nodes: Some(nodes),
        deadline: None,
    };
    for &cell in blanked {
        let other = model::with_model::<D, _>(puzzle, rules, &model::Tuning::DEFAULT, |engine| {
            let var = VarId(cell as u32);
            let others = D::full(puzzle.size()).minus(D::singleton(solution[cell]));
            if engine.restrict(var, others, "another value").is_err() {
                return Some(false);
            }
            let mut found = false;
            let stop = engine.search(&limits, |_| found = true);
            (found || stop != Stop::NodeLimit).then_some(found)
        });
        match other {
            Ok(Some(false)) | Err(_) => {} // no other solution here
            Ok(Some(true)) => return Some(false),
            Ok(None) => return None,
        }
    }
    Some(true)
}

/// Whether no single given can be removed with the solution staying unique (`false` when a
/// check ran out of its budget: minimality not proved).
fn is_minimal<D: Domain>(puzzle: &Puzzle, rules: &Rules, solution: &[usize]) -> bool {
    let mut p = puzzle.clone();
    (0..puzzle.size() * puzzle.size()).all(|cell| {
        let Some(v) = p.given(cell) else {
            return true;
        };
        p.set_given(cell, None);
        let unique = stays_unique::<D>(&p, rules, solution, &[cell]);
        p.set_given(cell, Some(v));
        unique == Some(false)
    })
}

/// The full grid, then each orbit of cells (in random order) blanked if the puzzle provably
/// stays unique, until `request.givens` givens remain or every orbit was tried. Also whether
/// every check was decided within its budget (else the puzzle may not be minimal).
///
/// With a `difficulty` below [`Level::Guessing`], an orbit also stays when blanking it would
/// rate the puzzle above that level: digging stops short of what the level's techniques can
/// solve, so the level is reached in a few attempts even where a puzzle dug as far as
/// uniqueness allows nearly always needs guessing (16×16).
fn remove_givens<D: Domain>(
    request: &Request,
    solution: &[usize],
    symmetry: Symmetry,
    rng: &mut Rng,
) -> (Puzzle, bool) {
    let n = request.template.size();
    let mut puzzle = request.template.clone();
    for (cell, &v) in solution.iter().enumerate() {
        puzzle.set_given(cell, Some(v));
    }
    let mut orbits = symmetry.orbits(n);
    rng.shuffle(&mut orbits);
    let mut givens = n * n;
    let mut decided = true;
    for orbit in orbits {
        if request.givens.is_some_and(|t| givens <= t) {
            break;
        }
        for &c in &orbit {
            puzzle.set_given(c, None);
        }
        let unique = stays_unique::<D>(&puzzle, &request.rules, solution, &orbit);
        decided &= unique.is_some();
        let too_hard = || {
            request.difficulty.is_some_and(|l| {
                l < Level::Guessing && !logic::solves_within::<D>(&puzzle, &request.rules, l)
            })
        };
        if unique == Some(true) && !too_hard() {
            givens -= orbit.len();
        } else {
            for &c in &orbit {
                puzzle.set_given(c, Some(solution[c]));
            }
        }
    }
    (puzzle, decided)
}

/// Redraws near an ambiguity this many times before splitting cages instead.
const REDRAWS: usize = 200;

/// Cages grown at random over `solution`, then changed where a second solution differs until
/// the solution is unique: first the cage of a differing cell and a neighbouring cage are
/// redrawn together (up to [`REDRAWS`] times); after that the cage is split. When the search
/// for a second solution runs out of its `nodes`, a random cage is split.
/// Splitting only adds information, and a one-cell cage fixes its cell, so this ends.
fn killer<D: Domain>(
    request: &Request,
    solution: &[usize],
    sizes: CageSizes,
    rng: &mut Rng,
    nodes: u64,
) -> Puzzle {
    let n = request.template.size();
    let all: Vec<usize> = (0..n * n).collect();
    let mut cages = grow_cages(n, solution, sizes, &all, rng);
    for step in 0.. {
        let puzzle = caged(&request.template, solution, &cages);
        let (found, decided) = solutions::<D>(&puzzle, &request.rules, 2, nodes);
        let Some(other) = found.iter().find(|s| s.as_slice() != solution) else {
            if decided {
                return puzzle;
            }
            // Undecided, and no second solution points at a cage: split one at random.
            let wide: Vec<usize> = (0..cages.len()).filter(|&i| cages[i].len() > 1).collect();
            if wide.is_empty() {
                return puzzle; // every cell fixed: never undecided
            }
            let cage = cages.swap_remove(wide[rng.below(wide.len())]);
            cages.extend(split(n, &cage, rng));
            continue;
        };
        let differ: Vec<usize> = (0..n * n).filter(|&c| other[c] != solution[c]).collect();
        let cell = differ[rng.below(differ.len())];
        let owner = |cages: &[Vec<usize>], c: usize| {
            cages
                .iter()
                .position(|cage| cage.contains(&c))
                .expect("every cell is in a cage")
        };
        let a = owner(&cages, cell);
        if step < REDRAWS {
            let mut near: Vec<usize> = cages[a]
                .iter()
                .flat_map(|&c| neighbours(n, c))
                .map(|m| owner(&cages, m))
                .filter(|&b| b != a)
                .collect();
            near.sort_unstable();
            near.dedup();
            let mut region = cages[a].clone();
            if !near.is_empty() {
                let b = near[rng.below(near.len())];
                region.extend_from_slice(&cages[b]);
                cages.swap_remove(a.max(b));
                cages.swap_remove(a.min(b));
            } else {
                cages.swap_remove(a);
            }
            // Prefer a redraw without lone cells, which are givens in disguise.
            let mut best = grow_cages(n, solution, sizes, &region, rng);
            for _ in 0..10 {
                if sizes.min < 2 || best.iter().all(|c| c.len() > 1) {
                    break;
                }
                best = grow_cages(n, solution, sizes, &region, rng);
            }
            cages.extend(best);
        } else {
            let cage = cages.swap_remove(a);
            cages.extend(split(n, &cage, rng));
        }
    }
    unreachable!("the loop returns once the solution is unique")
}

/// The template with one cage per cell list, totals taken from `solution`. Cages are listed by
/// their first cell, so ids and lines read top to bottom.
fn caged(template: &Puzzle, solution: &[usize], cages: &[Vec<usize>]) -> Puzzle {
    let mut puzzle = template.clone();
    let mut sorted: Vec<&Vec<usize>> = cages.iter().collect();
    sorted.sort_by_key(|c| c[0]);
    for cells in sorted {
        let total = cells
            .iter()
            .map(|&c| puzzle.symbols().symbol(solution[c]))
            .sum();
        puzzle
            .add_cage(total, cells.clone())
            .expect("cages of distinct cells with the solution's distinct symbols are valid");
    }
    puzzle
}

/// The orthogonal neighbours of `cell` in an n×n grid.
fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Covers `region` with connected cages of distinct solution values: each grows from a random
/// free cell to a random size in `sizes`, by random free neighbours whose value it lacks. A cage
/// left smaller than `sizes.min` joins a neighbouring new cage when the values stay distinct
/// and the size stays within `sizes.max`.
fn grow_cages(
    n: usize,
    solution: &[usize],
    sizes: CageSizes,
    region: &[usize],
    rng: &mut Rng,
) -> Vec<Vec<usize>> {
    const OUTSIDE: Option<usize> = Some(usize::MAX);
    let mut owner: Vec<Option<usize>> = vec![OUTSIDE; n * n];
    for &c in region {
        owner[c] = None;
    }
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order = region.to_vec();
    rng.shuffle(&mut order);
    let mut frontier = Vec::new();
    for start in order {
        if owner[start].is_some() {
            continue;
        }
        let id = cages.len();
        let target = sizes.min + rng.below(sizes.max - sizes.min + 1);
        let mut cage = vec![start];
        owner[start] = Some(id);
        while cage.len() < target {
            frontier.clear();
            for &c in &cage {
                for m in neighbours(n, c) {
                    if owner[m].is_none()
                        && !frontier.contains(&m)
                        && cage.iter().all(|&x| solution[x] != solution[m])
                    {
                        frontier.push(m);
                    }
                }
            }
            if frontier.is_empty() {
                break;
            }
            let m = frontier[rng.below(frontier.len())];
            owner[m] = Some(id);
            cage.push(m);
        }
        cages.push(cage);
    }
    // Merge cages below the minimum into a neighbour where they fit.
    for id in 0..cages.len() {
        if cages[id].is_empty() || cages[id].len() >= sizes.min {
            continue;
        }
        let mut options: Vec<usize> = cages[id]
            .iter()
            .flat_map(|&c| neighbours(n, c))
            .filter_map(|m| owner[m])
            .filter(|&o| {
                o != id
                    && o != usize::MAX
                    && cages[o].len() + cages[id].len() <= sizes.max
                    && cages[o]
                        .iter()
                        .all(|&x| cages[id].iter().all(|&y| solution[x] != solution[y]))
            })
            .collect();
        options.sort_unstable();
        options.dedup();
        if options.is_empty() {
            continue;
        }
        let into = options[rng.below(options.len())];
        let moved = std::mem::take(&mut cages[id]);
        for &c in &moved {
            owner[c] = Some(into);
        }
        cages[into].extend(moved);
    }
    // A cell still alone takes a neighbour from a new cage that can spare it.
    for id in 0..cages.len() {
        if cages[id].len() != 1 || sizes.min < 2 {
            continue;
        }
        let s = cages[id][0];
        let mut options: Vec<(usize, usize)> = neighbours(n, s)
            .filter_map(|m| owner[m].map(|o| (o, m)))
            .filter(|&(o, m)| {
                o != usize::MAX
                    && o != id
                    && cages[o].len() > sizes.min
                    && solution[m] != solution[s]
                    && connected_without(n, &cages[o], m)
            })
            .collect();
        options.sort_unstable();
        if options.is_empty() {
            continue;
        }
        let (o, m) = options[rng.below(options.len())];
        cages[o].retain(|&c| c != m);
        cages[id].push(m);
        owner[m] = Some(id);
    }
    cages.retain(|c| !c.is_empty());
    for cage in &mut cages {
        cage.sort_unstable();
    }
    cages
}

/// Whether `cells` without `gone` still form one orthogonally connected piece.
fn connected_without(n: usize, cells: &[usize], gone: usize) -> bool {
    let rest: Vec<usize> = cells.iter().copied().filter(|&c| c != gone).collect();
    let Some(&first) = rest.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut i = 0;
    while i < seen.len() {
        for m in neighbours(n, seen[i]) {
            if rest.contains(&m) && !seen.contains(&m) {
                seen.push(m);
            }
        }
        i += 1;
    }
    seen.len() == rest.len()
}

/// Splits a connected cage of two or more cells into connected parts: one grown from a random
/// cell to half the size, the rest in its connected pieces.
fn split(n: usize, cage: &[usize], rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut part = vec![cage[rng.below(cage.len())]];
    while part.len() < cage.len() / 2 {
        let frontier: Vec<usize> = cage
            .iter()
            .copied()
            .filter(|&c| !part.contains(&c) && neighbours(n, c).any(|m| part.contains(&m)))
            .collect();
        part.push(frontier[rng.below(frontier.len())]);
    }
    let mut rest: Vec<usize> = cage.iter().copied().filter(|c| !part.contains(c)).collect();
    let mut parts = vec![part];
    while let Some(&seed) = rest.first() {
        let mut piece = vec![seed];
        let mut i = 0;
        while i < piece.len() {
            for m in neighbours(n, piece[i]) {
                if rest.contains(&m) && !piece.contains(&m) {
                    piece.push(m);
                }
            }
            i += 1;
        }
        rest.retain(|c| !piece.contains(c));
        parts.push(piece);
    }
    for p in &mut parts {
        p.sort_unstable();
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

    fn request(n: usize) -> Request {
        Request {
            template: Puzzle::empty(n, Symbols::default_for(n)).unwrap(),
            rules: Rules::sudoku(),
            symmetry: Symmetry::None,
            givens: None,
            minimal: false,
            difficulty: None,
            rate: true,
            cages: None,
            attempts: 1,
        }
    }

    #[test]
    fn orbits_partition_the_grid_by_symmetry() {
        for s in Symmetry::DRAWN.into_iter().chain([Symmetry::None]) {
            let orbits = s.orbits(9);
            let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..81).collect::<Vec<_>>(), "{}", s.name());
            for o in &orbits {
                assert!(o.iter().all(|&c| o.contains(&s.image(9, c))));
            }
        }
        assert_eq!(Symmetry::Rotate90.orbits(9)[0], vec![0, 8, 72, 80]);
        assert_eq!(Symmetry::Rotate180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Diagonal.orbits(4).len(), 10);
    }

    #[test]
    fn a_generated_puzzle_is_unique_minimal_and_reproducible() {
        let req = request(4);
        let g = generate(&req, 5).unwrap();
        assert_eq!(
            solutions::<u16>(&g.puzzle, &req.rules, 2, u64::MAX),
            (vec![g.solution.clone()], true)
        );
        assert!(is_minimal::<u16>(&g.puzzle, &req.rules, &g.solution));
        assert_eq!(generate(&req, 5).unwrap().puzzle, g.puzzle);
    }

    /// A check that runs out of nodes answers `None`, never "unique": the generator then keeps
    /// the given, so its puzzles stay provably unique.
    #[test]
    fn a_check_out_of_budget_is_undecided() {
        let req = request(9);
        let g = generate(&req, 7).unwrap();
        let mut p = g.puzzle.clone();
        // A minimal puzzle: without any one given it has other solutions.
        let cell = (0..81).find(|&c| p.given(c).is_some()).unwrap();
        p.set_given(cell, None);
        let (rules, sol) = (&req.rules, &g.solution);
        assert_eq!(stays_unique::<u16>(&p, rules, sol, &[cell]), Some(false));
        assert_eq!(stays_unique_within::<u16>(&p, rules, sol, &[cell], 1), None);
        // The puzzle itself is unique.
        let blanked: Vec<usize> = (0..81).filter(|&c| g.puzzle.given(c).is_none()).collect();
        assert_eq!(
            stays_unique::<u16>(&g.puzzle, rules, sol, &blanked),
            Some(true)
        );
    }

    /// With searches cut short at two nodes, killer cages are split until propagation alone
    /// decides: the puzzle is still unique, with more cages.
    #[test]
    fn killer_cages_split_when_the_search_runs_out() {
        let mut req = request(9);
        req.rules = Rules::builtin("killer").unwrap();
        let sizes = CageSizes { min: 2, max: 5 };
        let mut rng = Rng::new(3);
        let solution = random_grid::<u16>(&req.template, &req.rules, &mut rng).unwrap();
        let roomy = killer::<u16>(&req, &solution, sizes, &mut Rng::new(4), u64::MAX);
        let tight = killer::<u16>(&req, &solution, sizes, &mut Rng::new(4), 2);
        for p in [&roomy, &tight] {
            let found = solutions::<u16>(p, &req.rules, 2, u64::MAX);
            assert_eq!(found, (vec![solution.clone()], true));
        }
        assert!(tight.cages().len() > roomy.cages().len());
    }

    #[test]
    fn split_parts_are_connected_and_cover_the_cage() {
        let n = 9;
        let cage = vec![0, 1, 2, 11, 20, 19, 18]; // a U shape
        for seed in 0..20 {
            let parts = split(n, &cage, &mut Rng::new(seed));
            assert!(parts.len() >= 2);
            let mut all: Vec<usize> = parts.iter().flatten().copied().collect();
            all.sort_unstable();
            let mut want = cage.clone();
            want.sort_unstable();
            assert_eq!(all, want);
            for p in &parts {
                assert!(connected(n, p), "{p:?}");
            }
        }
    }

    /// Whether `cells` form one orthogonally connected piece.
    fn connected(n: usize, cells: &[usize]) -> bool {
        connected_without(n, cells, usize::MAX)
    }

    #[test]
    fn grown_cages_are_connected_distinct_and_within_size() {
        let req = request(9);
        let mut rng = Rng::new(9);
        let grid = random_grid::<u16>(&req.template, &req.rules, &mut rng).unwrap();
        let sizes = CageSizes { min: 2, max: 5 };
        let all: Vec<usize> = (0..81).collect();
        let cages = grow_cages(9, &grid, sizes, &all, &mut rng);
        let covered: usize = cages.iter().map(Vec::len).sum();
        assert_eq!(covered, 81);
        for c in &cages {
            assert!(c.len() <= 5 && connected(9, c));
            let mut v: Vec<usize> = c.iter().map(|&x| grid[x]).collect();
            v.sort_unstable();
            v.dedup();
            assert_eq!(v.len(), c.len());
        }
    }
}
