package dev.gpudra.testsupport.devicemanager;

/**
 * A container's device-plugin resources cannot be allocated: too few free healthy devices, the
 * plugin is not registered, or its Allocate failed. The kubelet rejects the pod at admission
 * ({@code UnexpectedAdmissionError}); here the pod stays Pending with this message.
 */
public final class AllocationException extends RuntimeException {
  public AllocationException(String message) {
    super(message);
  }

  public AllocationException(String message, Throwable cause) {
    super(message, cause);
  }
}
