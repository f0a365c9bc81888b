package dev.gpudra.demo.realnode;

/** A process of the real-node cluster exited while scenarios ran: the run cannot be judged. */
final class NodeExitedException extends RuntimeException {
  NodeExitedException(String message) {
    super(message);
  }
}
