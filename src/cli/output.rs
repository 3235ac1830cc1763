//! The one overwrite policy of the command line: an output file the user names (every `--out`,
//! `--csv`, `--games-file` and export) is refused if it exists, unless `--force` is given, and
//! its folder must exist. The check runs before any work starts, so a long run is never lost to
//! a file it may not write.

use std::path::Path;

use clap::Args;
use lab::files::{Overwrite, check_output};

/// The `--force` option of a command that writes files.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct OutputArgs {
    /// Replace output files that already exist (without it they are refused and kept).
    #[arg(long)]
    pub force: bool,
}

impl OutputArgs {
    /// The policy chosen.
    pub fn overwrite(&self) -> Overwrite {
        match self.force {
            true => Overwrite::Replace,
            false => Overwrite::Refuse,
        }
    }

    /// Checks every output named (`None`: not asked for) before the work starts.
    pub fn check<'a>(
        &self,
        outputs: impl IntoIterator<Item = Option<&'a Path>>,
    ) -> anyhow::Result<()> {
        for path in outputs.into_iter().flatten() {
            check_output(path, self.overwrite())?;
        }
        Ok(())
    }

    /// Checks an output that the run appends to as it goes (a games file, a position set);
    /// with `--force`, an old file is removed so that the run starts it anew.
    pub fn prepare_appended(&self, path: &Path) -> anyhow::Result<()> {
        check_output(path, self.overwrite())?;
        if path.is_file() {
            std::fs::remove_file(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}
