package dev.gpudra.nvml.jna;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.NvmlDriverNotLoadedException;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.NvmlInvalidArgumentException;
import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import dev.gpudra.nvml.NvmlNoPermissionException;
import dev.gpudra.nvml.NvmlNotFoundException;
import dev.gpudra.nvml.NvmlNotSupportedException;
import dev.gpudra.nvml.NvmlUninitializedException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("nvmlReturn_t codes map to typed exceptions naming the function")
class ReturnCodesTest {

  record Case(String name, int code, Class<? extends NvmlException> type) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> codes() {
    return Stream.of(
        new Case("NVML_ERROR_UNINITIALIZED", 1, NvmlUninitializedException.class),
        new Case("NVML_ERROR_INVALID_ARGUMENT", 2, NvmlInvalidArgumentException.class),
        new Case("NVML_ERROR_NOT_SUPPORTED", 3, NvmlNotSupportedException.class),
        new Case("NVML_ERROR_NO_PERMISSION", 4, NvmlNoPermissionException.class),
        new Case("NVML_ERROR_NOT_FOUND", 6, NvmlNotFoundException.class),
        new Case("NVML_ERROR_DRIVER_NOT_LOADED", 9, NvmlDriverNotLoadedException.class),
        new Case("NVML_ERROR_LIBRARY_NOT_FOUND", 12, NvmlLibraryNotFoundException.class),
        new Case("NVML_ERROR_GPU_IS_LOST", 15, NvmlGpuLostException.class),
        new Case("NVML_ERROR_INSUFFICIENT_RESOURCES", 23, NvmlException.class),
        new Case("NVML_ERROR_UNKNOWN", 999, NvmlException.class));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codes")
  @DisplayName("each code gets its exception type, return code and a message with the function")
  void maps(Case c) {
    NvmlException e = ReturnCodes.toException("nvmlDeviceGetMigMode", c.code(), "Some text");

    assertThat(e).isExactlyInstanceOf(c.type());
    assertThat(e.returnCode()).isEqualTo(c.code());
    assertThat(e)
        .hasMessage("nvmlDeviceGetMigMode: Some text (" + c.name() + ", " + c.code() + ")");
  }

  @Test
  @DisplayName("a code newer than this table still says which number it was")
  void unknownCode() {
    NvmlException e = ReturnCodes.toException("nvmlShutdown", 42, "");

    assertThat(e).hasMessage("nvmlShutdown: (NVML_UNKNOWN_RETURN_CODE_42, 42)");
  }
}
