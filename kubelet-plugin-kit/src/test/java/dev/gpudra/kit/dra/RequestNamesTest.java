package dev.gpudra.kit.dra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestNamesTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"gpu,gpu", "gpu/sub-a,gpu", "mig-1g/small,mig-1g", "'',''"})
  @DisplayName("request names lose their /subrequest suffix, as the kubelet matches base names")
  void strips(String name, String base) {
    assertThat(RequestNames.base(name)).isEqualTo(base);
  }

  @Test
  @DisplayName("a device serving two subrequests of one request names that request once")
  void deduplicates() {
    assertThat(RequestNames.base(List.of("gpu/a", "gpu/b", "nic"))).containsExactly("gpu", "nic");
  }
}
