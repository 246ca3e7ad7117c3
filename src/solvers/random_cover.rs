//! Random exact-cover matrices and their covers found by trying every set of rows: the oracle
//! that tests of a search on the matrix itself compare against.

use super::exact_cover::Matrix;
use crate::engine::Rng;

/// A matrix of `rows` random rows over `columns` columns, each row one to three columns.
pub(crate) fn random_matrix(rng: &mut Rng, rows: usize, columns: usize) -> Matrix {
    let mut m = Matrix {
        columns,
        candidate: Vec::new(),
        row_start: vec![0],
        row_cols: Vec::new(),
        feasible: true,
        names: Vec::new(),
    };
    for r in 0..rows {
        let mut cols: Vec<u32> = (0..1 + rng.below(3))
            .map(|_| rng.below(columns) as u32)
            .collect();
        cols.sort_unstable();
        cols.dedup();
        m.candidate.push((r as u32, 0));
        m.row_cols.extend(cols);
        m.row_start.push(m.row_cols.len() as u32);
    }
    m
}

/// Every set of rows covering each column exactly once, by trying every subset.
pub(crate) fn brute_force(m: &Matrix) -> Vec<Vec<usize>> {
    (0u32..1 << m.rows())
        .filter_map(|set| {
            let mut covered = vec![0; m.columns];
            let rows: Vec<usize> = (0..m.rows()).filter(|r| set >> r & 1 == 1).collect();
            rows.iter()
                .for_each(|&r| m.cols(r).iter().for_each(|&c| covered[c as usize] += 1));
            covered.iter().all(|&k| k == 1).then_some(rows)
        })
        .collect()
}
