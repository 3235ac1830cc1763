//! Position sets and files in a test's folder, as the command line's tests make them.

/// The path of `name` in `folder`, as an argument.
pub fn in_folder(folder: &tempfile::TempDir, name: &str) -> String {
    folder.path().join(name).to_str().unwrap().to_owned()
}

/// The arguments of `positions` making `count` positions on `board` into `set` with two
/// workers, then `options`.
pub fn positions_args(set: &str, board: &str, count: u32, options: &[&str]) -> Vec<String> {
    let count = count.to_string();
    let head = [
        "positions",
        "--board",
        board,
        "--count",
        &count,
        "--out",
        set,
    ];
    let tail = ["--threads", "2"];
    [&head[..], &tail, options]
        .concat()
        .into_iter()
        .map(str::to_owned)
        .collect()
}
