//! The search tree, recorded while searching when asked ([`Engine::record_tree`]): each node
//! with its parent, the decision that made it (`x = v` on the left, `x ≠ v` on the right), the
//! values its propagation removed and how it ended; written as Graphviz DOT, JSON Lines or an
//! SVG picture drawn here (failed nodes red, solutions green), as CP is taught and debugged
//! with Gecode's Gist or CP-Profiler.

use super::{Domain, Engine, VarId};
use std::fmt::Write;

/// How a node of the search tree ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeEnd {
    /// Its propagation failed.
    Failed,
    /// Every variable was fixed: a solution.
    Solved,
    /// It branched (or the search stopped there).
    Open,
}

impl NodeEnd {
    /// Its colour in pictures: failed red, solved green, open grey.
    fn colour(self) -> &'static str {
        match self {
            NodeEnd::Failed => "#d62728",
            NodeEnd::Solved => "#2ca02c",
            NodeEnd::Open => "#7f7f7f",
        }
    }

    fn name(self) -> &'static str {
        match self {
            NodeEnd::Failed => "failed",
            NodeEnd::Solved => "solved",
            NodeEnd::Open => "open",
        }
    }
}

/// One node: the root, or a child made by a decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// The parent's index in [`SearchTree::nodes`] (`None` for the root).
    pub parent: Option<u32>,
    /// The decision in words (`r1c2 = 3`, `r1c2 ≠ 3`); empty at the root.
    pub decision: String,
    /// Whether it is a left child (`x = v`, a guess) rather than a right one (`x ≠ v`).
    pub guess: bool,
    /// Depth: decisions from the root.
    pub depth: u32,
    /// Values its propagation removed from the domains.
    pub removed: u64,
    /// How it ended.
    pub end: NodeEnd,
}

/// A search tree, up to its node limit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchTree {
    /// The nodes in the order the search visited them (a parent before its children).
    pub nodes: Vec<TreeNode>,
    /// Most nodes recorded.
    pub limit: usize,
    /// Whether the search went on past the limit (the tree is then its first `limit` nodes).
    pub truncated: bool,
}

/// What the search loop keeps while it records: the tree, and the node it stands at.
#[derive(Debug, Clone, Default)]
pub(crate) struct Recorder {
    pub(crate) tree: SearchTree,
    /// The node the search stands at, and, for each open decision, the node it was made at.
    pub(crate) at: Option<u32>,
    pub(crate) made_at: Vec<Option<u32>>,
}

impl Recorder {
    /// Records a node, child of `parent` (a root when `None`); the search then stands at it.
    /// Past the limit nothing is recorded.
    pub(crate) fn node(&mut self, parent: Option<u32>, decision: String, guess: bool) {
        if self.tree.truncated || self.tree.nodes.len() >= self.tree.limit {
            self.tree.truncated = true;
            self.at = None;
            return;
        }
        let depth = parent
            .and_then(|p| self.tree.nodes.get(p as usize))
            .map_or(0, |p| p.depth + 1);
        self.tree.nodes.push(TreeNode {
            parent,
            decision,
            guess,
            depth,
            removed: 0,
            end: NodeEnd::Open,
        });
        self.at = Some(self.tree.nodes.len() as u32 - 1);
    }

    /// Notes how the current node's propagation went: values removed, and whether it failed.
    pub(crate) fn propagated(&mut self, removed: u64, failed: bool) {
        if let Some(node) = self.at.and_then(|i| self.tree.nodes.get_mut(i as usize)) {
            node.removed = removed;
            if failed {
                node.end = NodeEnd::Failed;
            }
        }
    }

    /// Marks the current node a solution.
    pub(crate) fn solved(&mut self) {
        if let Some(node) = self.at.and_then(|i| self.tree.nodes.get_mut(i as usize)) {
            node.end = NodeEnd::Solved;
        }
    }
}

impl<D: Domain> Engine<D> {
    /// Records the tree of the next searches, up to `limit` nodes; [`Engine::take_tree`]
    /// hands it over. Decisions are named by the engine's labels.
    pub fn record_tree(&mut self, limit: usize) {
        self.recorder = Some(Box::new(Recorder {
            tree: SearchTree {
                limit,
                ..SearchTree::default()
            },
            ..Recorder::default()
        }));
    }

    /// The tree recorded since [`Engine::record_tree`], if one is; recording stops.
    pub fn take_tree(&mut self) -> Option<SearchTree> {
        self.recorder.take().map(|r| r.tree)
    }

    /// Records, when a tree is being recorded, the node a decision makes: a guess
    /// `x = v` (a child of the node the search stands at), or its refutation `x ≠ v` (a child of
    /// the node the guess was made at).
    pub(crate) fn record_decision(&mut self, var: VarId, value: usize, guess: bool) {
        let Some(mut r) = self.recorder.take() else {
            return;
        };
        let op = if guess { "=" } else { "≠" };
        let text = format!(
            "{} {op} {}",
            self.labels.var(var),
            self.labels.value_of(var, value)
        );
        let parent = if guess {
            r.made_at.push(r.at);
            r.at
        } else {
            r.made_at.pop().flatten()
        };
        r.node(parent, text, guess);
        self.recorder = Some(r);
    }
}

impl SearchTree {
    /// How many nodes ended each way: (failed, solved).
    pub fn counts(&self) -> (usize, usize) {
        let failed = self
            .nodes
            .iter()
            .filter(|n| n.end == NodeEnd::Failed)
            .count();
        let solved = self
            .nodes
            .iter()
            .filter(|n| n.end == NodeEnd::Solved)
            .count();
        (failed, solved)
    }

    /// The tree as a Graphviz graph: `dot -Tsvg` draws it.
    pub fn to_dot(&self) -> String {
        let mut out = String::from(
            "digraph search {\n  node [shape=circle, style=filled, label=\"\", width=0.25];\n",
        );
        for (i, node) in self.nodes.iter().enumerate() {
            let colour = node.end.colour();
            let _ = writeln!(
                out,
                "  n{i} [fillcolor=\"{colour}\", tooltip=\"{} removed\"];",
                node.removed
            );
            if let Some(p) = node.parent {
                let _ = writeln!(
                    out,
                    "  n{p} -> n{i} [label=\"{}\"];",
                    escape(&node.decision)
                );
            }
        }
        out.push_str("}\n");
        out
    }

    /// The tree as JSON Lines, a node a line: `{"id":…,"parent":…,"decision":…,…}`.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for (i, node) in self.nodes.iter().enumerate() {
            let parent = node.parent.map_or("null".to_string(), |p| p.to_string());
            let _ = writeln!(
                out,
                "{{\"id\":{i},\"parent\":{parent},\"depth\":{},\"decision\":\"{}\",\"guess\":{},\
                 \"removed\":{},\"end\":\"{}\"}}",
                node.depth,
                escape(&node.decision),
                node.guess,
                node.removed,
                node.end.name()
            );
        }
        out
    }

    /// The tree drawn as SVG: each leaf a column of its own, left to right in the order the
    /// search met them, each parent above the middle of its children; failed nodes red,
    /// solutions green, open ones grey; each edge labelled with its decision (written beside
    /// it in a tree of at most [`SVG_LABELLED_NODES`] nodes, shown on hover in a larger one).
    pub fn to_svg(&self) -> String {
        const MARGIN: f64 = 24.0;
        let k = self.nodes.len();
        let labelled = k <= SVG_LABELLED_NODES;
        let (step_x, step_y) = if labelled { (64.0, 44.0) } else { (14.0, 36.0) };
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); k];
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(p) = node.parent {
                children[p as usize].push(i);
            }
        }
        // x: leaves in visiting order, parents centred over their children (children come
        // after their parent, so a pass from the last node back places every child first).
        let mut x = vec![0.0f64; k];
        let mut leaves = 0.0;
        let mut order = Vec::with_capacity(k);
        let mut stack: Vec<usize> = (0..k)
            .filter(|&i| self.nodes[i].parent.is_none())
            .rev()
            .collect();
        while let Some(i) = stack.pop() {
            order.push(i);
            stack.extend(children[i].iter().rev());
        }
        for &i in &order {
            if children[i].is_empty() {
                x[i] = leaves;
                leaves += 1.0;
            }
        }
        for &i in order.iter().rev() {
            if let (Some(&first), Some(&last)) = (children[i].first(), children[i].last()) {
                x[i] = (x[first] + x[last]) / 2.0;
            }
        }
        let depth = self.nodes.iter().map(|n| n.depth).max().unwrap_or(0) as f64;
        // Room for the labels beside the outermost edges.
        let side = if labelled { 56.0 } else { 0.0 };
        let width = (MARGIN + side) * 2.0 + (leaves - 1.0).max(0.0) * step_x;
        let height = MARGIN * 2.0 + depth * step_y + 16.0;
        let at = |i: usize| {
            (
                MARGIN + side + x[i] * step_x,
                MARGIN + f64::from(self.nodes[i].depth) * step_y,
            )
        };
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"10\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        );
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(p) = node.parent {
                let ((x1, y1), (x2, y2)) = (at(p as usize), at(i));
                let _ = writeln!(
                    out,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
                     stroke=\"#999\"><title>{}</title></line>",
                    escape_xml(&node.decision)
                );
                if labelled {
                    // Beside the middle of the edge: left of a left-leaning one, else right.
                    let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
                    let (dx, anchor) = if x2 < x1 {
                        (-4.0, "end")
                    } else {
                        (4.0, "start")
                    };
                    let _ = writeln!(
                        out,
                        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>",
                        mx + dx,
                        my + 3.0,
                        escape_xml(&node.decision)
                    );
                }
            }
        }
        for (i, node) in self.nodes.iter().enumerate() {
            let (cx, cy) = at(i);
            let colour = node.end.colour();
            let _ = writeln!(
                out,
                "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"5\" fill=\"{colour}\"><title>{}: \
                 {} values removed, {}</title></circle>",
                escape_xml(if node.decision.is_empty() {
                    "root"
                } else {
                    &node.decision
                }),
                node.removed,
                node.end.name()
            );
        }
        if self.truncated {
            let _ = writeln!(
                out,
                "<text x=\"{MARGIN}\" y=\"{:.0}\">the first {} nodes of a larger tree</text>",
                height - 4.0,
                self.limit
            );
        }
        out.push_str("</svg>\n");
        out
    }
}

/// The most nodes an SVG tree writes its decisions beside the edges for.
pub const SVG_LABELLED_NODES: usize = 100;

/// `text` inside a DOT or JSON string: quotes and backslashes escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `text` inside SVG: the XML specials escaped.
fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
