//! Running the heavy jobs in pieces: shards of a run, their files, the merge that rebuilds the
//! whole run's report from them, and the Slurm batch scripts that play them on a cluster.

pub mod compare;
pub mod gather;
pub mod positions;
pub mod shard;
pub mod shard_file;
pub mod slurm;
pub mod tournament;

pub use gather::{ShardSet, gather};
pub use shard::Shard;
