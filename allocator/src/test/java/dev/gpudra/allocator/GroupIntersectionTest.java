package dev.gpudra.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("the rolling intersection of one counter set's compatibility groups")
class GroupIntersectionTest {
  @Test
  @DisplayName("no members admit anything; the first seeds")
  void empty() {
    assertThat(GroupIntersection.EMPTY.admits(List.of())).isTrue();
    assertThat(GroupIntersection.EMPTY.admits(List.of("mig"))).isTrue();
    assertThat(GroupIntersection.EMPTY.with(List.of("mig")).describe()).isEqualTo("[mig]");
    assertThat(GroupIntersection.EMPTY.with(List.of()).describe()).isEqualTo("no groups");
  }

  @Test
  @DisplayName("no groups stack with no groups only; grouped with overlapping groups only")
  void nilSemantics() {
    GroupIntersection plain = GroupIntersection.EMPTY.with(List.of());
    GroupIntersection mig = GroupIntersection.EMPTY.with(List.of("mig"));

    assertThat(plain.admits(List.of())).isTrue();
    assertThat(plain.with(List.of()).with(List.of()).admits(List.of())).isTrue();
    assertThat(plain.admits(List.of("mig"))).isFalse();
    assertThat(mig.admits(List.of())).isFalse();
    assertThat(mig.admits(List.of("vgpu"))).isFalse();
    assertThat(mig.admits(List.of("vgpu", "mig"))).isTrue();
  }

  @Test
  @DisplayName("narrowing: {foo, foobar} then {bar, foobar} leaves foobar")
  void narrows() {
    GroupIntersection both =
        GroupIntersection.EMPTY.with(List.of("foo", "foobar")).with(List.of("bar", "foobar"));

    assertThat(both.describe()).isEqualTo("[foobar]");
    assertThat(both.admits(List.of("baz"))).isFalse();
    assertThat(both.admits(List.of("qux", "foobar"))).isTrue();
    assertThat(both.admits(List.of("foo"))).isFalse();
  }
}
