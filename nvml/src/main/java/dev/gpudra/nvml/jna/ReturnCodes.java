package dev.gpudra.nvml.jna;

import dev.gpudra.nvml.NvmlDriverNotLoadedException;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.NvmlInvalidArgumentException;
import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import dev.gpudra.nvml.NvmlNoPermissionException;
import dev.gpudra.nvml.NvmlNotFoundException;
import dev.gpudra.nvml.NvmlNotSupportedException;
import dev.gpudra.nvml.NvmlUninitializedException;
import java.util.Map;

/**
 * The one place where an {@code nvmlReturn_t} becomes an exception: the message carries the NVML
 * function, NVML's description and the constant's name, e.g. {@code nvmlDeviceGetMigMode: Not
 * Supported (NVML_ERROR_NOT_SUPPORTED, 3)}.
 */
final class ReturnCodes {
  static final int SUCCESS = 0;
  static final int UNINITIALIZED = 1;
  static final int INVALID_ARGUMENT = 2;
  static final int NOT_SUPPORTED = 3;
  static final int NO_PERMISSION = 4;
  static final int NOT_FOUND = 6;
  static final int INSUFFICIENT_SIZE = 7;
  static final int DRIVER_NOT_LOADED = 9;
  static final int TIMEOUT = 10;
  static final int LIBRARY_NOT_FOUND = 12;
  static final int FUNCTION_NOT_FOUND = 13;
  static final int GPU_IS_LOST = 15;

  private static final Map<Integer, String> NAMES =
      Map.ofEntries(
          Map.entry(0, "SUCCESS"),
          Map.entry(1, "ERROR_UNINITIALIZED"),
          Map.entry(2, "ERROR_INVALID_ARGUMENT"),
          Map.entry(3, "ERROR_NOT_SUPPORTED"),
          Map.entry(4, "ERROR_NO_PERMISSION"),
          Map.entry(5, "ERROR_ALREADY_INITIALIZED"),
          Map.entry(6, "ERROR_NOT_FOUND"),
          Map.entry(7, "ERROR_INSUFFICIENT_SIZE"),
          Map.entry(8, "ERROR_INSUFFICIENT_POWER"),
          Map.entry(9, "ERROR_DRIVER_NOT_LOADED"),
          Map.entry(10, "ERROR_TIMEOUT"),
          Map.entry(11, "ERROR_IRQ_ISSUE"),
          Map.entry(12, "ERROR_LIBRARY_NOT_FOUND"),
          Map.entry(13, "ERROR_FUNCTION_NOT_FOUND"),
          Map.entry(14, "ERROR_CORRUPTED_INFOROM"),
          Map.entry(15, "ERROR_GPU_IS_LOST"),
          Map.entry(16, "ERROR_RESET_REQUIRED"),
          Map.entry(17, "ERROR_OPERATING_SYSTEM"),
          Map.entry(18, "ERROR_LIB_RM_VERSION_MISMATCH"),
          Map.entry(19, "ERROR_IN_USE"),
          Map.entry(20, "ERROR_MEMORY"),
          Map.entry(21, "ERROR_NO_DATA"),
          Map.entry(22, "ERROR_VGPU_ECC_NOT_SUPPORTED"),
          Map.entry(23, "ERROR_INSUFFICIENT_RESOURCES"),
          Map.entry(24, "ERROR_FREQ_NOT_SUPPORTED"),
          Map.entry(25, "ERROR_ARGUMENT_VERSION_MISMATCH"),
          Map.entry(26, "ERROR_DEPRECATED"),
          Map.entry(27, "ERROR_NOT_READY"),
          Map.entry(28, "ERROR_GPU_NOT_FOUND"),
          Map.entry(29, "ERROR_INVALID_STATE"),
          Map.entry(999, "ERROR_UNKNOWN"));

  private ReturnCodes() {}

  /** {@code NVML_ERROR_NOT_SUPPORTED}, or {@code NVML_UNKNOWN_RETURN_CODE_42} for new codes. */
  static String name(int code) {
    return "NVML_" + NAMES.getOrDefault(code, "UNKNOWN_RETURN_CODE_" + code);
  }

  /**
   * The exception for a failed call.
   *
   * @param description NVML's own text ({@code nvmlErrorString}), may be empty
   */
  static NvmlException toException(String function, int code, String description) {
    String text = description == null || description.isBlank() ? "" : description + " ";
    String message = function + ": " + text + "(" + name(code) + ", " + code + ")";
    return switch (code) {
      case UNINITIALIZED -> new NvmlUninitializedException(message);
      case INVALID_ARGUMENT -> new NvmlInvalidArgumentException(message);
      case NOT_SUPPORTED -> new NvmlNotSupportedException(message);
      case NO_PERMISSION -> new NvmlNoPermissionException(message);
      case NOT_FOUND -> new NvmlNotFoundException(message);
      case DRIVER_NOT_LOADED -> new NvmlDriverNotLoadedException(message);
      case LIBRARY_NOT_FOUND -> new NvmlLibraryNotFoundException(message);
      case GPU_IS_LOST -> new NvmlGpuLostException(message);
      default -> new NvmlException(message, code);
    };
  }
}
