package dev.gpudra.testfixtures.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GcFiguresTest {

  @Test
  @DisplayName(
      "young, mixed and full pauses count; G1's remark and cleanup, which free nothing, do not")
  void onlyCollectionsCount() {
    GcFigures figures =
        GcFigures.of(
            List.of(
                "[0.512s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->5M(64M)"
                    + " 3.2ms",
                "[0.900s][info][gc] GC(1) Pause Remark 90M->90M(128M) 1.0ms",
                "[1.100s][info][gc] GC(2) Pause Young (Mixed) (G1 Evacuation Pause) 40M->12M(64M)"
                    + " 2.0ms",
                "[1.300s][info][gc] GC(3) Pause Cleanup 95M->95M(128M) 0.1ms",
                "[2.000s][info][gc] GC(4) Pause Full (System.gc()) 30M->9M(64M) 8.0ms",
                "[2.100s][info][gc] Using G1"));

    assertThat(figures).isEqualTo(new GcFigures(40, 12));
  }

  @Test
  @DisplayName("a log without a collection says zero for both")
  void noCollection() {
    assertThat(GcFigures.of(List.of("[0.001s][info][gc] Using G1"))).isEqualTo(new GcFigures(0, 0));
  }
}
