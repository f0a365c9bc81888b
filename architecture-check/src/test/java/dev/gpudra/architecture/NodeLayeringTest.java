package dev.gpudra.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/architecture.md's node layering: the three node processes sit on gpu-node, and none but the
 * GPU plugin uses the {@code gpu.nvidia.com} driver ({@code dev.gpudra.gpu}). The enforcer rules of
 * compute-domain's and legacy-device-plugin's POMs hold the same line between Maven modules.
 */
class NodeLayeringTest {
  /** The node processes other than the GPU plugin: compute-domain, legacy-device-plugin. */
  static final List<String> OTHER_NODE_PROCESSES =
      List.of("dev.gpudra.computedomain..", "dev.gpudra.deviceplugin..");

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = MainClasses.all();
  }

  static List<String> otherNodeProcesses() {
    return OTHER_NODE_PROCESSES;
  }

  @Test
  @DisplayName("the node library and both other node processes were imported")
  void importsTheNodeModules() {
    assertThat(classes.containPackage("dev.gpudra.node.driverroot")).isTrue();
    assertThat(classes.containPackage("dev.gpudra.computedomain.plugin")).isTrue();
    assertThat(classes.containPackage("dev.gpudra.deviceplugin.node")).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("otherNodeProcesses")
  @DisplayName("a node process other than the GPU plugin never uses the GPU plugin's classes")
  void otherNodeProcessesNeverUseTheGpuPlugin(String process) {
    noClasses()
        .that()
        .resideInAPackage(process)
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.gpudra.gpu..")
        .check(classes);
  }

  @Test
  @DisplayName("gpu-node depends on no node process: not the GPU plugin, nor the other two")
  void nodeLibraryDependsOnNoNodeProcess() {
    noClasses()
        .that()
        .resideInAPackage("dev.gpudra.node..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.gpudra.gpu..", "dev.gpudra.computedomain..", "dev.gpudra.deviceplugin..")
        .check(classes);
  }
}
