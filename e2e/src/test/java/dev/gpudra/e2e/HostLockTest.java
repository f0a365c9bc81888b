package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.gpudra.realcluster.node.HostTraces;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The suites run two at a time ({@code e2e/pom.xml}); the host has room for one real node. Every
 * suite that starts one, or checks what one left on the host, must hold {@link
 * RealNodeFixture#HOST}.
 */
class HostLockTest {
  private static final Set<String> ON_THE_HOST =
      Set.of(RealNodeFixture.class.getName(), HostTraces.class.getName());

  @Test
  @DisplayName("every suite on the host's real node holds its lock, and only those")
  void realNodeSuitesHoldTheHost() {
    List<JavaClass> suites =
        new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("dev.gpudra.e2e")
                .stream()
                .filter(c -> c.getSimpleName().endsWith("E2E"))
                .toList();
    List<String> onTheHost =
        suites.stream()
            .filter(HostLockTest::onTheHost)
            .map(c -> c.getSimpleName())
            .sorted()
            .toList();
    List<String> holding =
        suites.stream()
            .filter(c -> RealNodeFirst.holdsHost(c.reflect()))
            .map(JavaClass::getSimpleName)
            .sorted()
            .toList();

    assertThat(onTheHost).contains("RealNodeE2E", "RealNodeDemoE2E", "NodeMigrationE2E");
    assertThat(holding).isEqualTo(onTheHost);
  }

  @Test
  @DisplayName("the orderer tells a real-node suite from the others")
  void ordererSeesTheLock() {
    assertThat(RealNodeFirst.holdsHost(RealNodeE2E.class)).isTrue();
    assertThat(RealNodeFirst.holdsHost(ChartE2E.class)).isFalse();
  }

  /** Whether the suite, or a class it extends, uses the fixture or the host's traces. */
  private static boolean onTheHost(JavaClass suite) {
    return suite.getClassHierarchy().stream()
        .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
        .map(Dependency::getTargetClass)
        .anyMatch(target -> ON_THE_HOST.contains(target.getName()));
  }
}
