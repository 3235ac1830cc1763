//! Ctrl-C for long commands: the first press asks the run to stop cleanly (finished work is
//! kept, a checkpoint is written), a second press ends the process at once.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the first Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The flag that the first Ctrl-C sets; the handler is installed on first use.
pub fn interrupt_flag() -> &'static AtomicBool {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let installed = ctrlc::set_handler(|| {
            if INTERRUPTED.swap(true, Ordering::SeqCst) {
                eprintln!("\nstopped at once");
                std::process::exit(130);
            }
            eprintln!("\nstopping: finishing cleanly (press Ctrl-C again to quit at once)");
        });
        if let Err(error) = installed {
            eprintln!("note: Ctrl-C will not stop cleanly: {error}");
        }
    });
    &INTERRUPTED
}
