package dev.gpudra.allocator.explain;

/**
 * The objects handed to explain cannot be explained as given: nothing among them uses devices, a
 * Pod refers to a claim or template that is not there, or an object has a shape the API server
 * would refuse. The message names the object and the field.
 */
public final class UnexplainableInputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  UnexplainableInputException(String message) {
    super(message);
  }
}
