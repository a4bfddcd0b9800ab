module github.com/seven-rocks/seven-rocks/kits/go

go 1.19
