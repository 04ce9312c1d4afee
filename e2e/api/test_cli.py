"""The `sotube` CLI as an operator uses it."""
import sqlite3

from conftest import cli, free_port, Server


def test_help_explains_every_command(data_dir):
    top = cli("--help", data=data_dir).stdout
    for command in ["serve", "migrate", "users"]:
        assert command in top
    assert "--port" in cli("serve", "--help", data=data_dir).stdout
    assert "SOTUBE_PORT" in cli("serve", "--help", data=data_dir).stdout
    assert "--email" in cli("users", "add", "--help", data=data_dir).stdout


def test_users_add_and_list(data_dir):
    out = cli("users", "add", "alice", "--email", "alice@example.com", "--password", "secret-pass", data=data_dir)
    assert "created user alice" in out.stdout
    listing = cli("users", "list", data=data_dir).stdout
    assert "alice\talice@example.com\t0 coins" in listing


def test_users_add_refuses_bad_input_and_changes_nothing(data_dir):
    cli("users", "add", "bob", "--email", "bob@example.com", "--password", "secret-pass", data=data_dir)
    for args, message in [
        (["users", "add", "bob", "--email", "other@example.com", "--password", "secret-pass"], "taken"),
        (["users", "add", "x", "--email", "x@example.com", "--password", "secret-pass"], "username"),
        (["users", "add", "carol", "--email", "nope", "--password", "secret-pass"], "email"),
        (["users", "add", "carol", "--email", "c@example.com", "--password", "short"], "password"),
        (["users", "add", "carol"], "--email"),
    ]:
        result = cli(*args, data=data_dir, check=False)
        assert result.returncode != 0, args
        assert message in (result.stderr + result.stdout), (args, result.stderr)
    assert cli("users", "list", data=data_dir).stdout.count("\n") == 1


def test_users_2fa_off_turns_two_step_sign_in_off_and_ends_sessions(data_dir):
    """The operator's way back in for a user who lost the authenticator app and the recovery codes."""
    cli("users", "add", "erin", "--email", "erin@example.com", "--password", "secret-pass", data=data_dir)
    db = sqlite3.connect(data_dir / "data" / "sotube.sqlite")
    (user_id,) = db.execute("SELECT id FROM users WHERE username = 'erin'").fetchone()
    db.execute("INSERT INTO two_factor (user_id, sealed_secret, created_at, enabled_at) VALUES (?, 'x', 0, 1)",
               (user_id,))
    db.execute("INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES (?, 'h')", (user_id,))
    db.execute("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, remember) "
               "VALUES ('t', ?, 0, 99999999999999, 0)", (user_id,))
    db.commit()
    done = cli("users", "2fa-off", "ERIN", data=data_dir)
    assert "two-step sign-in is off for erin; their sessions ended" in done.stdout
    for table in ["two_factor", "two_factor_recovery_codes", "sessions"]:
        assert db.execute(f"SELECT COUNT(*) FROM {table}").fetchone() == (0,), table
    db.close()
    again = cli("users", "2fa-off", "erin", data=data_dir)
    assert "was not on for erin" in again.stdout
    unknown = cli("users", "2fa-off", "nobody", data=data_dir, check=False)
    assert unknown.returncode != 0
    assert 'The user "nobody" was not found.' in unknown.stderr
    assert "2fa-off" in cli("users", "--help", data=data_dir).stdout


def test_roles_are_set_from_the_cli_and_written_to_the_audit_log(data_dir):
    made = cli("users", "add", "olga", "--email", "olga@example.com", "--password", "secret-pass",
               "--role", "operator", data=data_dir)
    assert "created user olga" in made.stdout and "operator" in made.stdout
    cli("users", "add", "pete", "--email", "pete@example.com", "--password", "secret-pass", data=data_dir)
    assert "pete is now operator" in cli("users", "role", "pete", "operator", data=data_dir).stdout
    listing = cli("users", "list", data=data_dir).stdout
    assert "olga\tolga@example.com\t0 coins\toperator" in listing
    assert "pete\tpete@example.com\t0 coins\toperator" in listing
    assert "pete is now buyer" in cli("users", "role", "pete", "buyer", data=data_dir).stdout
    bad = cli("users", "role", "pete", "king", data=data_dir, check=False)
    assert bad.returncode != 0 and "buyer or operator" in bad.stderr
    worse = cli("users", "add", "quin", "--email", "q@example.com", "--password", "secret-pass", "--role", "root",
                data=data_dir, check=False)
    assert worse.returncode != 0 and "quin" not in cli("users", "list", data=data_dir).stdout
    granted = cli("coins", "grant", "pete", "40", "--reason", "a welcome", data=data_dir)
    assert "granted 40 coins to pete; balance 40" in granted.stdout
    took = cli("coins", "grant", "pete", "--reason", "too much", "--", "-50", data=data_dir, check=False)
    assert took.returncode != 0 and "at most 40" in took.stderr
    db = sqlite3.connect(data_dir / "data" / "sotube.sqlite")
    actions = [row[0] for row in db.execute("SELECT action FROM audit_log ORDER BY created_at, id")]
    actors = {row[0] for row in db.execute("SELECT actor FROM audit_log")}
    description = db.execute("SELECT description FROM ledger_entries WHERE kind = 'grant'").fetchone()[0]
    db.close()
    assert actions == ["user.role", "user.role", "user.role", "coins.grant"], actions
    assert all(actor.startswith("cli:") for actor in actors), actors
    assert description.endswith(": a welcome"), description


def test_data_directory_from_flag_and_environment(data_dir):
    cli("users", "add", "dora", "--email", "d@example.com", "--password", "secret-pass", "--data", "elsewhere",
        data=data_dir)
    assert (data_dir / "elsewhere" / "sotube.sqlite").exists()
    listing = cli("users", "list", data=data_dir, env={"SOTUBE_DATA": str(data_dir / "elsewhere")}).stdout
    assert "dora" in listing


def test_migrate_reports_and_refuses_a_newer_database(data_dir):
    first = cli("migrate", data=data_dir).stdout
    assert "applied 1 accounts" in first
    assert "applied" not in cli("migrate", data=data_dir).stdout
    db = sqlite3.connect(data_dir / "data" / "sotube.sqlite")
    db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 0)")
    db.commit()
    db.close()
    refused = cli("migrate", data=data_dir, check=False)
    assert refused.returncode != 0
    assert "newer" in refused.stderr
    # The server refuses it too, and says why.
    port = free_port()
    try:
        Server(data_dir, port, args=("--port", str(port)))
        raise AssertionError("server started on a newer database")
    except AssertionError as error:
        assert "newer" in str(error)


def test_serve_honours_port_environment_and_stops_on_sigterm(data_dir):
    port = free_port()
    server = Server(data_dir, port, env={"SOTUBE_PORT": str(port)})
    status, _, body = server.request("GET", "/healthz")
    assert status == 200 and body["status"] == "ok"
    assert server.stop() == 0
    logs = server.logs() if not server.log.closed else open(data_dir / "server.log").read()
    assert '"msg":"stopped"' in logs
    assert (data_dir / "data" / "sotube.sqlite").exists()
