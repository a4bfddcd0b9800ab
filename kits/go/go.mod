module seven-rocks.example/kit

go 1.19
