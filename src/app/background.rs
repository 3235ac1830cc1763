//! Work off the UI thread (searches, tournaments, evolution…): the work runs on its own thread,
//! usually with a rayon pool of engine threads, sends its events through a channel, wakes the UI for each,
//! and is asked to stop through a flag when cancelled or dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

use engine::search::worker_pool;

/// A message from a background run.
#[derive(Debug)]
pub enum Message<E> {
    /// Something happened.
    Event(E),
    /// The run ended: finished, stopped, or failed with a message.
    Done(Result<(), String>),
}

/// A run in the background.
pub struct Background<E> {
    cancel: Arc<AtomicBool>,
    messages: Receiver<Message<E>>,
}

impl<E: Send + 'static> Background<E> {
    /// Starts `work` on a new thread inside a pool of `workers` engine threads (below the UI's
    /// priority). The work gets the cancel flag and a function that sends an event; `wake` is
    /// called after every message so that the UI repaints.
    pub fn start(
        workers: usize,
        wake: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&AtomicBool, &(dyn Fn(E) + Sync)) -> Result<(), String> + Send + 'static,
    ) -> Self {
        Self::spawn(wake, move |cancel, send| {
            let pool = worker_pool(workers.max(1), true).map_err(|error| error.to_string())?;
            pool.install(|| work(cancel, send))
        })
    }

    /// Starts `work` on a new thread of its own (work that names its own workers, as a search
    /// request does), otherwise as [`Self::start`].
    pub fn spawn(
        wake: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&AtomicBool, &(dyn Fn(E) + Sync)) -> Result<(), String> + Send + 'static,
    ) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, messages) = channel();
        let flag = Arc::clone(&cancel);
        std::thread::spawn(move || {
            let send = |message: Message<E>| {
                // A closed channel means the UI dropped the run: nothing left to tell.
                if sender.send(message).is_ok() {
                    wake();
                }
            };
            let outcome = work(&flag, &|event| send(Message::Event(event)));
            send(Message::Done(outcome));
        });
        Background { cancel, messages }
    }
}

impl<E> Background<E> {
    /// The messages that arrived since the last call, oldest first.
    pub fn poll(&self) -> Vec<Message<E>> {
        self.messages.try_iter().collect()
    }

    /// Asks the run to stop; it ends with a `Done`.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl<E> Drop for Background<E> {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Takes what the run in `slot` reported: its events, oldest first, and how it ended if it
/// has (the slot is then emptied).
pub fn drain<E>(slot: &mut Option<Background<E>>) -> (Vec<E>, Option<Result<(), String>>) {
    let Some(run) = slot else {
        return (Vec::new(), None);
    };
    let mut events = Vec::new();
    for message in run.poll() {
        match message {
            Message::Event(event) => events.push(event),
            Message::Done(outcome) => {
                *slot = None;
                return (events, Some(outcome));
            }
        }
    }
    (events, None)
}
