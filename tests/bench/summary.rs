//! The summary table that opens BENCHMARKS.md: one row per benchmark, which each section adds
//! as it measures, printed in Markdown at the end of the run.

use std::fmt::Write as _;

/// One benchmark's row: what it measures, our figure, the anchor it is compared with, the
/// ratio between them and the command that reproduces it.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// What the benchmark measures, in a few words.
    pub what: String,
    /// Our figure, with its unit.
    pub figure: String,
    /// What the figure is compared with: a crate, a hand-written loop or a target.
    pub anchor: String,
    /// How our figure compares with the anchor's (a speed ratio, or the target's verdict).
    pub ratio: String,
    /// The command that measures it again.
    pub command: String,
}

/// The rows the sections have added so far, in the order they were added.
#[derive(Debug, Default)]
pub struct Summary {
    rows: Vec<Row>,
}

impl Summary {
    /// Adds a row for `section`: the command that reproduces it is the bench run on that
    /// section alone, so a new section adds its row with this one call.
    pub fn add(
        &mut self,
        section: &str,
        what: impl Into<String>,
        figure: impl Into<String>,
        anchor: impl Into<String>,
        ratio: impl Into<String>,
    ) {
        self.rows.push(Row {
            what: what.into(),
            figure: figure.into(),
            anchor: anchor.into(),
            ratio: ratio.into(),
            command: format!("cargo bench -p tests --bench bench -- {section}"),
        });
    }

    /// The table in Markdown, header first; empty when no section added a row.
    pub fn to_markdown(&self) -> String {
        let mut table = String::new();
        if self.rows.is_empty() {
            return table;
        }
        table.push_str("| benchmark | ours | anchor | ratio | command |\n");
        table.push_str("|---|---|---|---|---|\n");
        for row in &self.rows {
            let _ = writeln!(
                table,
                "| {} | {} | {} | {} | `{}` |",
                cell(&row.what),
                cell(&row.figure),
                cell(&row.anchor),
                cell(&row.ratio),
                row.command,
            );
        }
        table
    }
}

/// `text` made safe for one Markdown table cell: a `|` would end the cell and a line break
/// the row.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::Summary;

    #[test]
    fn no_rows_print_no_table() {
        assert_eq!(Summary::default().to_markdown(), "");
    }

    #[test]
    fn rows_print_in_order_with_their_commands() {
        let mut summary = Summary::default();
        summary.add("idastar", "IDA*", "10.0 ms", "loop 9.6 ms", "0.96x");
        summary.add("batch", "batch | 2 jobs", "1.96x", "ideal\n1.99x", "0.98");
        assert_eq!(
            summary.to_markdown(),
            "| benchmark | ours | anchor | ratio | command |\n\
             |---|---|---|---|---|\n\
             | IDA* | 10.0 ms | loop 9.6 ms | 0.96x | `cargo bench -p tests --bench bench -- idastar` |\n\
             | batch \\| 2 jobs | 1.96x | ideal 1.99x | 0.98 | `cargo bench -p tests --bench bench -- batch` |\n"
        );
    }
}
